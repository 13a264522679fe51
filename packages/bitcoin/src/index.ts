export { createBitcoinAdapter, type BitcoinAdapterOptions } from './bitcoinAdapter.ts';
export { defineBitcoinNetwork, bitcoinNetworkNameOf, type BitcoinNetworkInput } from './defineNetwork.ts';
export { isBitcoinAddress, normalizeBitcoinAddress, type BitcoinAddressType } from './address.ts';
export { BIP122_REFERENCES, type BitcoinNetworkName } from './networks.ts';
export type { BitcoinChainSource } from './chainSource.ts';
export type { BitcoinPurpose } from './walletHandle.ts';
