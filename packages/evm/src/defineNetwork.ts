import type { CaipNetwork, NativeCurrency } from '@cairn/core';

export interface EvmNetworkInput {
  id: number;
  name: string;
  rpcUrl: string;
  nativeCurrency?: NativeCurrency;
  blockExplorer?: { name: string; url: string };
  testnet?: boolean;
}

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };

/** An eip155 network in the shape the core expects. */
export function defineEvmNetwork(input: EvmNetworkInput): CaipNetwork {
  if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new TypeError(`Invalid EVM chain id: ${input.id}`);
  if (!/^https?:\/\//.test(input.rpcUrl)) throw new TypeError(`Invalid RPC URL for chain ${input.id}: ${input.rpcUrl}`);
  return {
    id: input.id,
    caipNetworkId: `eip155:${input.id}`,
    chainNamespace: 'eip155',
    name: input.name,
    nativeCurrency: input.nativeCurrency ?? ETHER,
    rpcUrls: { default: { http: [input.rpcUrl] } },
    ...(input.blockExplorer ? { blockExplorers: { default: input.blockExplorer } } : {}),
    ...(input.testnet !== undefined ? { testnet: input.testnet } : {}),
  };
}
