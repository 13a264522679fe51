// `@cairn/bitcoin/bip322`: message signatures, pure and server-safe (no DOM, no network).
export { verifyBip322, type VerifyBip322Params } from './verifyBip322.ts';
export { signBip322, SIMPLE_PREFIX } from './simpleSignature.ts';
export { signLegacyMessage, verifyLegacyMessage, legacyMessageHash } from './legacyMessage.ts';
export { bip322MessageHash } from './messageHash.ts';
export { toSpendTxid, toSignTxid } from './virtualTransactions.ts';
export { decodeBitcoinAddress, isBitcoinAddress, normalizeBitcoinAddress, type BitcoinAddressType } from '../address.ts';
export type { BitcoinNetworkName } from '../networks.ts';
export { bitcoinNetworkOfChainId } from './caip2.ts';
export { BIP122_REFERENCES, BITCOIN_NETWORK_NAMES } from '../bip122.ts';
