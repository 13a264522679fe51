export { createPolkadotAdapter, type PolkadotAdapterOptions } from './polkadotAdapter.ts';
export { definePolkadotNetwork, type PolkadotNetworkInput } from './defineNetwork.ts';
export { isPolkadotAddress, normalizePolkadotAddress } from './ss58.ts';
export type { PolkadotRequestFn } from './requestSchema.ts';
