import { combine, split } from 'shamir-secret-sharing';
import type { WalletSecret } from './walletSecret.ts';

/** One pair of a 2-of-2 Shamir split: each share alone is uniformly random and says nothing of the secret. */
export interface SharePair {
  first: Uint8Array;
  second: Uint8Array;
}

/** A fresh split each time: shares of different splits do not combine (the address check catches a mix). */
export async function splitSecret(secret: WalletSecret): Promise<SharePair> {
  const [first, second] = await split(secret, 2, 2);
  return { first: first!, second: second! };
}

export async function combineShares(first: Uint8Array, second: Uint8Array): Promise<WalletSecret> {
  return combine([first, second]);
}
