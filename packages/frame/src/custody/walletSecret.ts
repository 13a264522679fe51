import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from '@noble/hashes/utils';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';

/** BIP-44 path of the first Ethereum account, the one wallets derive from a mnemonic by default. */
export const ETHEREUM_PATH = "m/44'/60'/0'/0/0";

/** What is split and recovered: the BIP-39 entropy (16 bytes, 12 words), so the mnemonic can be exported. */
export type WalletSecret = Uint8Array;

export interface WalletAccount {
  address: `0x${string}`;
  privateKey: Uint8Array;
}

export function generateWalletSecret(): WalletSecret {
  return crypto.getRandomValues(new Uint8Array(16));
}

export function mnemonicOf(secret: WalletSecret): string {
  return entropyToMnemonic(secret, wordlist);
}

/** Throws on a mnemonic with a bad word or checksum (BIP-39). */
export function secretOfMnemonic(mnemonic: string): WalletSecret {
  return mnemonicToEntropy(mnemonic.trim().normalize('NFKD').split(/\s+/).join(' '), wordlist);
}

export function accountOf(secret: WalletSecret): WalletAccount {
  const seed = mnemonicToSeedSync(mnemonicOf(secret));
  const privateKey = HDKey.fromMasterSeed(seed).derive(ETHEREUM_PATH).privateKey;
  seed.fill(0);
  if (!privateKey) throw new Error('BIP-32 derivation gave no private key');
  return { address: addressOfPrivateKey(privateKey), privateKey };
}

export function addressOfPrivateKey(privateKey: Uint8Array): `0x${string}` {
  const publicKey = secp256k1.getPublicKey(privateKey, false);
  return checksumAddress(bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12)));
}

/** EIP-55: a hex letter is upper case where the keccak of the lower-case address has a nibble >= 8. */
export function checksumAddress(hex: string): `0x${string}` {
  const lower = hex.replace(/^0x/i, '').toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out as `0x${string}`;
}
