import type { ChainAccountDetails } from '@cairn/core';
import { hex } from '@scure/base';
import type { BitcoinWalletAccount } from './walletHandle.ts';

/** x-only (taproot), compressed and uncompressed secp256k1 keys. */
const KEY_LENGTHS = new Set([32, 33, 65]);

function keyHex(publicKey: BitcoinWalletAccount['publicKey']): string | undefined {
  if (publicKey instanceof Uint8Array) return KEY_LENGTHS.has(publicKey.length) ? hex.encode(publicKey) : undefined;
  if (typeof publicKey !== 'string' || !/^(?:[0-9a-f]{2})+$/i.test(publicKey)) return undefined;
  return KEY_LENGTHS.has(publicKey.length / 2) ? publicKey.toLowerCase() : undefined;
}

/**
 * SPEC §3 library-level account details of a bitcoin wallet's accounts: the type is the account's
 * purpose (SPEC §4's bip122 payment, or ordinals), the key hex as the wallet gave it (a key of no
 * secp256k1 length is left out).
 */
export function bitcoinAccountDetails(accounts: readonly BitcoinWalletAccount[]): ChainAccountDetails[] {
  return accounts.map((account) => {
    const publicKey = keyHex(account.publicKey);
    return { address: account.address, type: account.purpose, ...(publicKey ? { publicKey } : {}) };
  });
}
