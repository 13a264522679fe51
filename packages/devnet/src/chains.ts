/** `bundlerPort`: where the chain's ERC-4337 bundler listens when the devnet starts bundlers. */
export type ChainConfig = { chainId: number; port: number; bundlerPort?: number };

function portFromEnv(chainId: number | 'SOLANA' | 'POLKADOT' | 'BITCOIN', fallback: number, prefix = 'CHAIN_PORT'): number {
  const raw = process.env[`${prefix}_${chainId}`];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`${prefix}_${chainId} must be a TCP port, got "${raw}"`);
  }
  return port;
}

/** A chain's bundler port; BUNDLER_PORT_<chainId>=off starts none for it (the e2e stack starts only the one its tests use). */
const bundlerPortFromEnv = (chainId: number, fallback: number) => (process.env[`BUNDLER_PORT_${chainId}`] === 'off' ? {} : { bundlerPort: portFromEnv(chainId, fallback, 'BUNDLER_PORT') });

/**
 * Two chains, so a network switch is a real switch. Ports: CHAIN_PORT_<chainId> or 8545/8546; their
 * bundlers BUNDLER_PORT_<chainId> or 4337/4338.
 */
export const DEFAULT_CHAINS: readonly ChainConfig[] = [
  { chainId: 31337, port: portFromEnv(31337, 8545), ...bundlerPortFromEnv(31337, 4337) },
  { chainId: 31338, port: portFromEnv(31338, 8546), ...bundlerPortFromEnv(31338, 4338) },
];

export const DEFAULT_HOST = '127.0.0.1';

/** The local Solana chain's RPC port (its websocket is the next one): CHAIN_PORT_SOLANA or 8899. */
export const DEFAULT_SOLANA_PORT = portFromEnv('SOLANA', 8899);

/**
 * CHAIN_PORT_POLKADOT=off: the cli starts no Polkadot chain. An e2e shard none of whose files uses
 * it starts none (e2e/support/polkadotShard.ts): chopsticks' start is the devnet's dearest (12.9
 * CPU-s and 154 s of wall at load 31, session 16), and every part of a shard's stack waited for it.
 */
export const POLKADOT_OFF = process.env.CHAIN_PORT_POLKADOT === 'off';
/** The local Polkadot chain's RPC port (websocket and HTTP on the same one): CHAIN_PORT_POLKADOT or 9944. */
export const DEFAULT_POLKADOT_PORT = POLKADOT_OFF ? 9944 : portFromEnv('POLKADOT', 9944);
/** The local Bitcoin regtest chain's Esplora API port: CHAIN_PORT_BITCOIN or 3002 (Esplora's own default). */
export const DEFAULT_BITCOIN_PORT = portFromEnv('BITCOIN', 3002);
