import { DEVNET_CHAIN_IDS, DEVNET_ONRAMP_FUNDER_KEY } from '../devnetDefaults.ts';
import { isTestChain } from '../onramp/testChains.ts';
import { ConfigError } from './configError.ts';
import { boolean, integer, privateKey, type Env } from './readers.ts';

export interface OnrampConfig {
  /** Where checkout links point: PUBLIC_URL, or on the devnet the server's own address; never a request's Host. */
  checkoutBaseUrl: string;
  /** Quotes price Ether at the median of its pool's spot price at blocks spread over this many latest blocks. */
  priceWindowBlocks: number;
  /** Payouts per UTC day: to one address, to one client network (an IPv4 address, an IPv6 /64), and in all. */
  payoutsPerAddressPerDay: number;
  payoutsPerIpPerDay: number;
  payoutsPerDay: number;
}

/** The onramp pays out real coins only on a test chain: a funder key elsewhere is refused at start. */
export function onrampFunderKey(env: Env, chainId: number, devnet: boolean): `0x${string}` | undefined {
  const name = `ONRAMP_FUNDER_KEY_${chainId}`;
  const key = privateKey(env, name);
  if (key === undefined) return devnet ? DEVNET_ONRAMP_FUNDER_KEY : undefined;
  if (!isTestChain(chainId, boolean(env, `TESTNET_${chainId}`, false))) {
    throw new ConfigError(
      name,
      `is set for chain ${chainId}, which is not a known test network: the local onramp charges no card, so it would give its Ether away. Set a funder key only on a test chain, or mark a private test chain (or a local fork) with TESTNET_${chainId}=true`,
    );
  }
  return key;
}

/** The served chains as the onramp sees them: which of them it pays on. */
type PaidChain = { chainId: number; onrampFunderKey?: `0x${string}` };

export function onrampConfig(env: Env, chains: readonly PaidChain[], publicUrl: string | undefined, serverUrl: string): OnrampConfig {
  const paidOutside = chains.find((chain) => chain.onrampFunderKey && !DEVNET_CHAIN_IDS.has(chain.chainId));
  if (paidOutside && publicUrl === undefined) {
    throw new ConfigError('PUBLIC_URL', `must be set when the onramp pays on a chain other than the devnet's (eip155:${paidOutside.chainId}): checkout links are built from it, never from a request's Host header`);
  }
  // The devnet stack (`npm start`, the e2e suite) restarts onto one database many times a day.
  const devnetOnly = paidOutside === undefined;
  return {
    checkoutBaseUrl: publicUrl ?? serverUrl,
    priceWindowBlocks: integer(env, 'ONRAMP_PRICE_WINDOW_BLOCKS', 120, 2, 100_000),
    payoutsPerAddressPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_ADDRESS_PER_DAY', 3, 1, 1_000_000),
    payoutsPerIpPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_IP_PER_DAY', devnetOnly ? 1000 : 10, 1, 1_000_000),
    payoutsPerDay: integer(env, 'ONRAMP_PAYOUTS_PER_DAY', devnetOnly ? 100_000 : 200, 1, 100_000_000),
  };
}
