import type { ChainAccountDetails } from '@cairn/core';
import { toHex } from './hex.ts';
import type { InjectedAccount } from './injected.ts';
import { decodeSs58 } from './ss58.ts';

/** Key types whose SS58 account id is the public key itself; an ecdsa account id is a hash of its key. */
const ACCOUNT_ID_IS_KEY = new Set(['sr25519', 'ed25519']);

/**
 * SPEC §3 library-level account details of an extension's accounts: polkadot accounts are eoa
 * (SPEC §4); the public key is the address's account id for an sr25519 or ed25519 key (an account
 * of no stated type is sr25519, the extensions' default), 0x hex.
 */
export function polkadotAccountDetails(accounts: readonly InjectedAccount[]): ChainAccountDetails[] {
  return accounts.map((account) => {
    const keyType = account.type ?? 'sr25519';
    let publicKey: string | undefined;
    if (ACCOUNT_ID_IS_KEY.has(keyType)) {
      try {
        publicKey = toHex(decodeSs58(account.address).accountId);
      } catch {
        publicKey = undefined; // not an SS58 address: the adapter leaves such an account out anyway
      }
    }
    return { address: account.address, type: 'eoa', ...(publicKey ? { publicKey } : {}) };
  });
}
