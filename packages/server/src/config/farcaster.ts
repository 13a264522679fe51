import { ConfigError } from './configError.ts';
import { httpUrl, integer, type Env } from './readers.ts';

/** OP Mainnet, where Farcaster's ID registry lives. */
const OP_MAINNET = 10;
/** The devnet's relay key: a test's Farcaster wallet client sends it, as a wallet app sends its own to a relay. */
export const DEVNET_FARCASTER_RELAY_KEY = 'cairn-devnet-farcaster-relay-key';

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
  };
}
