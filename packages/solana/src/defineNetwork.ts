import type { CaipNetwork, NativeCurrency } from '@cairn/core';

export interface SolanaNetworkInput {
  /**
   * The CAIP-2 reference: the first 32 characters of the cluster's genesis hash
   * (`5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp` mainnet, `EtWTRABZaYq6iMfeYKouRu166VU2xqa1` devnet), or
   * `localnet` for a local chain (whose genesis hash changes every start).
   */
  id: string;
  name: string;
  rpcUrl: string;
  blockExplorer?: { name: string; url: string };
  testnet?: boolean;
}

const SOL: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 };

/** The Wallet Standard names clusters, not genesis hashes. */
const WALLET_CHAINS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
  localnet: 'solana:localnet',
};

/** The Wallet Standard chain (`solana:mainnet`, ...) a wallet signs for on this network. */
export function walletStandardChain(network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): string {
  return WALLET_CHAINS[String(network.id)] ?? network.caipNetworkId;
}

/** A solana network in the shape the core expects. */
export function defineSolanaNetwork(input: SolanaNetworkInput): CaipNetwork {
  if (typeof input !== 'object' || input === null) throw new TypeError('defineSolanaNetwork: pass { id, name, rpcUrl }');
  if (typeof input.id !== 'string' || !/^[-_a-zA-Z0-9]{1,32}$/.test(input.id)) {
    throw new TypeError(`Invalid Solana network id: ${String(input.id)} (the genesis hash's first 32 characters, or localnet)`);
  }
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new TypeError(`Solana network ${input.id} needs a name`);
  if (typeof input.rpcUrl !== 'string' || !/^https?:\/\//.test(input.rpcUrl)) throw new TypeError(`Invalid RPC URL for Solana network ${input.id}: ${String(input.rpcUrl)}`);
  return {
    id: input.id,
    caipNetworkId: `solana:${input.id}`,
    chainNamespace: 'solana',
    name: input.name,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [input.rpcUrl] } },
    ...(input.blockExplorer ? { blockExplorers: { default: input.blockExplorer } } : {}),
    ...(input.testnet !== undefined ? { testnet: input.testnet } : {}),
  };
}
