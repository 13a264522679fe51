import type { CaipNetwork, NativeCurrency } from '@cairn/core';
import type { Chain } from 'viem';

export interface EvmNetworkInput {
  id: number;
  name: string;
  /** The node the widget reads through; none: the site's Cairn server (`api`) is the RPC. */
  rpcUrl?: string;
  nativeCurrency?: NativeCurrency;
  blockExplorer?: { name: string; url: string };
  testnet?: boolean;
}

/** For a viem `Chain`: the RPC URL the widget reads through (the chain's first default one otherwise). */
export interface EvmChainOverrides {
  rpcUrl?: string;
}

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };

/**
 * An eip155 network in the shape the core expects, from Cairn's own fields or from a viem `Chain`
 * (`defineEvmNetwork(base, { rpcUrl })`). A viem chain's default RPC URL is a public endpoint run
 * by someone else: pass `rpcUrl` to read through your own node. Cairn's own fields without
 * `rpcUrl` read through the site's Cairn server (createCairn's `api`), whose node keys stay there.
 */
export function defineEvmNetwork(input: EvmNetworkInput): CaipNetwork;
export function defineEvmNetwork(chain: Chain, overrides?: EvmChainOverrides): CaipNetwork;
export function defineEvmNetwork(input: EvmNetworkInput | Chain, overrides: EvmChainOverrides = {}): CaipNetwork {
  if (typeof input !== 'object' || input === null) throw new TypeError('defineEvmNetwork: pass { id, name, rpcUrl } or a viem Chain');
  return fromInput(isViemChain(input) ? fromViemChain(input, overrides) : input);
}

function isViemChain(input: EvmNetworkInput | Chain): input is Chain {
  return 'rpcUrls' in input && typeof input.rpcUrls === 'object' && input.rpcUrls !== null;
}

function fromViemChain(chain: Chain, overrides: EvmChainOverrides): EvmNetworkInput {
  const rpcUrl = overrides.rpcUrl ?? chain.rpcUrls.default?.http[0];
  if (typeof rpcUrl !== 'string') throw new TypeError(`defineEvmNetwork: chain ${chain.id} has no default RPC URL; pass { rpcUrl }`);
  const explorer = chain.blockExplorers?.default;
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl,
    nativeCurrency: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
    ...(explorer ? { blockExplorer: { name: explorer.name, url: explorer.url } } : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  };
}

function fromInput(input: EvmNetworkInput): CaipNetwork {
  if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new TypeError(`Invalid EVM chain id: ${input.id}`);
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new TypeError(`Chain ${input.id} needs a name`);
  if (input.rpcUrl !== undefined && (typeof input.rpcUrl !== 'string' || !/^https?:\/\//.test(input.rpcUrl))) throw new TypeError(`Invalid RPC URL for chain ${input.id}: ${input.rpcUrl}`);
  return {
    id: input.id,
    caipNetworkId: `eip155:${input.id}`,
    chainNamespace: 'eip155',
    name: input.name,
    nativeCurrency: input.nativeCurrency ?? ETHER,
    rpcUrls: { default: { http: input.rpcUrl === undefined ? [] : [input.rpcUrl] } },
    ...(input.blockExplorer ? { blockExplorers: { default: input.blockExplorer } } : {}),
    ...(input.testnet !== undefined ? { testnet: input.testnet } : {}),
  };
}
