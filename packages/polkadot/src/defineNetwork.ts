import type { CaipNetwork, NativeCurrency } from '@cairn/core';

export interface PolkadotNetworkInput {
  /**
   * The CAIP-2 reference: the first 32 hex digits of the chain's genesis hash, without 0x
   * (`91b171bb158e2d3848fa23a9f1c25182` Polkadot, `b0a8d493285c2df73290dfb7e61f870f` Kusama).
   */
  id: string;
  name: string;
  /** The node's websocket RPC (`wss://…`, or `ws://` on a local chain). */
  rpcUrl: string;
  /** The chain's coin: DOT has 10 decimals, KSM 12. */
  nativeCurrency: NativeCurrency;
  blockExplorer?: { name: string; url: string };
  testnet?: boolean;
}

/** A polkadot network in the shape the core expects. */
export function definePolkadotNetwork(input: PolkadotNetworkInput): CaipNetwork {
  if (typeof input !== 'object' || input === null) throw new TypeError('definePolkadotNetwork: pass { id, name, rpcUrl, nativeCurrency }');
  if (typeof input.id !== 'string' || !/^[0-9a-f]{32}$/.test(input.id)) {
    throw new TypeError(`Invalid Polkadot network id: ${String(input.id)} (the genesis hash's first 32 hex digits, lower case, without 0x)`);
  }
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new TypeError(`Polkadot network ${input.id} needs a name`);
  if (typeof input.rpcUrl !== 'string' || !/^wss?:\/\/[^\s]+$/.test(input.rpcUrl)) {
    throw new TypeError(`Invalid RPC URL for Polkadot network ${input.id}: ${String(input.rpcUrl)} (a ws:// or wss:// URL)`);
  }
  const currency = input.nativeCurrency as Partial<NativeCurrency> | undefined;
  if (
    typeof currency !== 'object' ||
    currency === null ||
    typeof currency.symbol !== 'string' ||
    currency.symbol.trim() === '' ||
    typeof currency.name !== 'string' ||
    !Number.isInteger(currency.decimals) ||
    currency.decimals! < 0 ||
    currency.decimals! > 36
  ) {
    throw new TypeError(`Polkadot network ${input.id} needs nativeCurrency { name, symbol, decimals (0..36) }`);
  }
  return {
    id: input.id,
    caipNetworkId: `polkadot:${input.id}`,
    chainNamespace: 'polkadot',
    name: input.name,
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: currency.decimals! },
    rpcUrls: { default: { http: [input.rpcUrl] } },
    ...(input.blockExplorer ? { blockExplorers: { default: input.blockExplorer } } : {}),
    ...(input.testnet !== undefined ? { testnet: input.testnet } : {}),
  };
}

/** Whether an extension account's `genesisHash` (when it names one) is this network. */
export function accountMatchesNetwork(genesisHash: string | null | undefined, network: Pick<CaipNetwork, 'id'>): boolean {
  return !genesisHash || genesisHash.toLowerCase().startsWith(`0x${String(network.id)}`);
}
