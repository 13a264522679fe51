export { createEvmAdapter, type EvmAdapterOptions } from './evmAdapter.ts';
export { addChainParameter } from './addChainParameter.ts';
export { defineEvmNetwork, type EvmNetworkInput, type EvmChainOverrides } from './defineNetwork.ts';
export { watchAnnouncedWallets, isValidProviderDetail, type AnnouncedWallets } from './eip6963.ts';
export { INJECTED_CONNECTOR_ID } from './injectedConnector.ts';
export type { Eip1193Provider, Eip6963ProviderDetail, Eip6963ProviderInfo } from './eip1193.ts';
export type { EvmRequestFn } from './requestSchema.ts';
export { isEvmConnectorPlugin, type EvmConnectorPlugin } from './connectorPlugin.ts';
