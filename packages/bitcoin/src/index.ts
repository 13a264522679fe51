// The up-front entry: the lazy adapter shell and network definitions only. Address checks and
// BIP-322 live in `@cairn/bitcoin/bip322` (they carry @scure/btc-signer and secp256k1).
export { createBitcoinAdapter, type BitcoinAdapterOptions } from './bitcoinAdapter.ts';
export { defineBitcoinNetwork, bitcoinNetworkNameOf, type BitcoinNetworkInput } from './defineNetwork.ts';
export { BIP122_REFERENCES, type BitcoinNetworkName } from './bip122.ts';
export type { BitcoinChainSource } from './chainSource.ts';
export type { BitcoinPurpose } from './walletHandle.ts';
export type { BitcoinRequestFn } from './requestSchema.ts';
