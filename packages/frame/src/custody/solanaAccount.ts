import { ed25519 } from '@noble/curves/ed25519';
import { hmac } from '@noble/hashes/hmac';
import { sha512 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync } from '@scure/bip39';
import { mnemonicOf, type WalletSecret } from './walletSecret.ts';

/**
 * The Solana account of the same custody key (issue 27): the BIP-39 seed of the wallet's mnemonic,
 * derived by SLIP-0010 for ed25519 on the path Solana's wallets use by default (Phantom, Solflare,
 * `solana-keygen --derivation-path` "m/44'/501'/0'/0'"). SLIP-0010's ed25519 has hardened steps only.
 */
export const SOLANA_PATH = "m/44'/501'/0'/0'";

const HARDENED = 0x8000_0000;
const ED25519_SEED_KEY = new TextEncoder().encode('ed25519 seed');

export interface Slip10Node {
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

/** SLIP-0010 master key: HMAC-SHA512 keyed 'ed25519 seed' over the seed; left half the key, right half the chain code. */
export function slip10Master(seed: Uint8Array): Slip10Node {
  const digest = hmac(sha512, ED25519_SEED_KEY, seed);
  return { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) };
}

/** A hardened child: HMAC-SHA512 keyed by the chain code over 0x00 || key || ser32(index). */
export function slip10Child(parent: Slip10Node, index: number): Slip10Node {
  const data = new Uint8Array(37);
  data.set(parent.privateKey, 1);
  new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0);
  const digest = hmac(sha512, parent.chainCode, data);
  data.fill(0);
  return { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) };
}

/** The key at `path` ("m/44'/501'/0'/0'"): every step must be hardened, as SLIP-0010's ed25519 requires. */
export function slip10Derive(seed: Uint8Array, path: string): Slip10Node {
  const steps = path.split('/');
  if (steps.shift() !== 'm') throw new Error('A derivation path starts with m');
  return steps.reduce((node, step) => {
    const match = /^(\d+)'$/.exec(step);
    if (!match || Number(match[1]) >= HARDENED) throw new Error(`SLIP-0010 ed25519 derives hardened steps only: ${step}`);
    const child = slip10Child(node, Number(match[1]));
    node.privateKey.fill(0);
    return child;
  }, slip10Master(seed));
}

export interface SolanaAccount {
  /** The base58 public key: the account's address. */
  address: string;
  publicKey: Uint8Array;
  /** The ed25519 seed (32 bytes); zero it when done. */
  privateKey: Uint8Array;
}

export function solanaAccountOf(secret: WalletSecret): SolanaAccount {
  const seed = mnemonicToSeedSync(mnemonicOf(secret));
  const { privateKey, chainCode } = slip10Derive(seed, SOLANA_PATH);
  seed.fill(0);
  chainCode.fill(0);
  const publicKey = ed25519.getPublicKey(privateKey);
  return { address: base58.encode(publicKey), publicKey, privateKey };
}
