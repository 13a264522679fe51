import { isAddress } from 'viem';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { DEFAULT_REORG_WINDOW } from '../indexer/reorgWindow.ts';
import { ConfigError } from './configError.ts';
import { boolean, integer, list, type Env } from './readers.ts';

export interface IndexerConfig {
  enabled: boolean;
  pollMs: number;
  /** The most stored blocks a reorg may drop; a deeper fork is refused and logged. */
  reorgWindow: number;
  /** How long a replica's hold on a chain's indexing lasts unrenewed: another takes over that long after it dies. */
  leaseMs: number;
}

export function indexerConfig(env: Env, devnetOnly: boolean): IndexerConfig {
  return {
    enabled: boolean(env, 'INDEXER_ENABLED', true),
    pollMs: integer(env, 'INDEXER_POLL_MS', 1000, 10, 3_600_000),
    // A devnet is restarted fresh onto the same database (npm start, e2e): follow it whatever the depth.
    reorgWindow: integer(env, 'INDEXER_REORG_WINDOW', devnetOnly ? Number.MAX_SAFE_INTEGER : DEFAULT_REORG_WINDOW, 1, Number.MAX_SAFE_INTEGER),
    leaseMs: integer(env, 'INDEXER_LEASE_MS', 5_000, 100, 600_000),
  };
}

function spamContract(value: string): string {
  const caip10 = /^eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(value);
  if (caip10) return `${Number(caip10[1])}:${caip10[2]!.toLowerCase()}`;
  if (isAddress(value, { strict: false })) return `*:${value.toLowerCase()}`;
  throw new ConfigError('SPAM_CONTRACTS', `must list addresses (every chain) or eip155:<chainId>:<address>, got "${value}"`);
}

/** SPAM_CONTRACTS as `${chainId}:${lowercase address}`, or `*:${address}` for every chain. */
export function spamContracts(env: Env): string[] {
  return (list(env, 'SPAM_CONTRACTS') ?? [DEVNET_CONTRACTS.spamNft]).map(spamContract);
}
