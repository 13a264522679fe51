export { createSolanaAdapter, type SolanaAdapterOptions } from './solanaAdapter.ts';
export { defineSolanaNetwork, walletStandardChain, type SolanaNetworkInput } from './defineNetwork.ts';
export { isSolanaAddress, normalizeSolanaAddress } from './address.ts';
