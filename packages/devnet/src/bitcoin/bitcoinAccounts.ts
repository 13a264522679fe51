import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';

/** Bitcoin Core's regtest address parameters (bcoin 1.0.2 uses others; the facade translates). */
export const REGTEST_PARAMS = { ...TEST_NETWORK, bech32: 'bcrt' };

export type BitcoinTestAccount = {
  /** 32-byte secp256k1 key, hex; the same key backs both addresses. */
  secretKey: string;
  /** P2WPKH (the payment address, SPEC §4's preferred bip122 account). */
  payment: string;
  /** P2TR, BIP-86 key path (the ordinals address). */
  ordinals: string;
  publicKey: string;
};

/** The addresses of one key on regtest. */
export function bitcoinAccountFromKey(secretKey: Uint8Array): BitcoinTestAccount {
  const publicKey = secp256k1.getPublicKey(secretKey, true);
  return {
    secretKey: bytesToHex(secretKey),
    payment: p2wpkh(publicKey, REGTEST_PARAMS).address!,
    ordinals: p2tr(schnorr.getPublicKey(secretKey), undefined, REGTEST_PARAMS).address!,
    publicKey: bytesToHex(publicKey),
  };
}

/** A fixed key from a label: the same addresses every run, so pages and tests can name them. */
const accountFromLabel = (label: string) => bitcoinAccountFromKey(sha256(new TextEncoder().encode(label)));

/** Test accounts 0..4; each payment address gets BITCOIN_ACCOUNT_SATS at start. */
export const BITCOIN_TEST_ACCOUNTS: readonly BitcoinTestAccount[] = [0, 1, 2, 3, 4].map((index) => accountFromLabel(`cairn bitcoin test account ${index}`));

/** Mines the regtest chain; its matured coinbases fund the test accounts. */
export const BITCOIN_MINER = accountFromLabel('cairn bitcoin miner');

export const BITCOIN_ACCOUNT_SATS = 10n * 100_000_000n;

/** CAIP-2 reference of regtest: the first 32 hex characters of its genesis hash. */
export const BITCOIN_REGTEST_ID = '0f9188f13cb7b2c71f2a335e3a4fc328';
