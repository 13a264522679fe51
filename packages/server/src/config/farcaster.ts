import { ConfigError } from './configError.ts';
import type { Address } from 'viem';
import { address, httpUrl, integer, type Env } from './readers.ts';

/** OP Mainnet, where Farcaster's ID registry lives. */
const OP_MAINNET = 10;
/** The devnet's relay key: a test's Farcaster wallet client sends it, as a wallet app sends its own to a relay. */
export const DEVNET_FARCASTER_RELAY_KEY = 'cairn-devnet-farcaster-relay-key';
/** The devnet's name registry (packages/devnet's nameRegistryCli, port 9450) and its signer: the address of its fixed key (farcaster.test.ts checks). */
export const DEVNET_NAME_REGISTRY = { url: 'http://127.0.0.1:9450', signer: '0x8C6D9D6CeBc300283fBc7F848ffF01BcC6c633f9' } as const satisfies { url: string; signer: Address };
/** Farcaster's own name registry (fnames) and the address its proofs are signed by. */
const FNAMES = { url: 'https://fnames.farcaster.xyz', signer: '0xBc5274eFc266311015793d89E9B591fa46294741' } as const satisfies { url: string; signer: Address };

/**
 * Sign In With Farcaster (issue 27): this server is the auth relay (FIP-11's connect API) and checks
 * each signed message's custody address against the ID registry on `chainId` (its RPC_URL_<id>).
 */
export interface FarcasterConfig {
  /** The chain whose RPC reads the ID registry (OP Mainnet's address on it): 10, or the devnet's 31337. */
  chainId: number;
  /** What a wallet app sends as X-Farcaster-Auth-Relay-Key to answer a channel. */
  relayKey: string;
  /** The page the sign-in link opens (a Farcaster wallet app's), with the channel in its query. */
  connectUrl: string;
  /**
   * The name registry (fnames' read API) the login asks for the fid's name, and the address whose
   * EIP-712 signature a proof must carry (session 22): the frame asks the visitor to confirm that name.
   */
  nameRegistry: { url: string; signer: Address; timeoutMs: number };
}

/** On with FARCASTER_RELAY_KEY (and by default on the devnet); off otherwise. */
export function farcasterConfig(env: Env, devnetOnly: boolean): FarcasterConfig | undefined {
  const relayKey = env.FARCASTER_RELAY_KEY?.trim() || (devnetOnly ? DEVNET_FARCASTER_RELAY_KEY : undefined);
  if (!relayKey) return undefined;
  if (relayKey.length < 16) throw new ConfigError('FARCASTER_RELAY_KEY', 'must be at least 16 characters');
  return {
    chainId: integer(env, 'FARCASTER_CHAIN_ID', devnetOnly ? 31337 : OP_MAINNET, 1, Number.MAX_SAFE_INTEGER),
    relayKey,
    connectUrl: httpUrl(env, 'FARCASTER_CONNECT_URL') ?? 'https://farcaster.xyz/~/siwf',
    nameRegistry: nameRegistryConfig(env, devnetOnly),
  };
}

function nameRegistryConfig(env: Env, devnetOnly: boolean): FarcasterConfig['nameRegistry'] {
  const defaults = devnetOnly ? DEVNET_NAME_REGISTRY : FNAMES;
  const url = httpUrl(env, 'FARCASTER_NAME_REGISTRY_URL') ?? defaults.url;
  const signer = address(env, 'FARCASTER_NAME_REGISTRY_SIGNER');
  // Another registry with fnames' signer would have every proof refused: said at start, not at each login.
  // (The devnet's registry signs with the devnet's key on whatever port the stack gives it.)
  if (!signer && !devnetOnly && url.replace(/\/$/, '') !== defaults.url) throw new ConfigError('FARCASTER_NAME_REGISTRY_SIGNER', 'must be set with FARCASTER_NAME_REGISTRY_URL (the address that registry signs its proofs with)');
  return { url: url.replace(/\/$/, ''), signer: signer ?? defaults.signer, timeoutMs: integer(env, 'FARCASTER_NAME_REGISTRY_TIMEOUT_MS', 3000, 100, 30_000) };
}
