import type { ChainNamespace } from '../types.ts';

/** SPEC §4: the account type a namespace prefers when a wallet offers several. */
export const PREFERRED_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const satisfies Record<ChainNamespace, string>;

export type PreferredAccountType = (typeof PREFERRED_ACCOUNT_TYPES)[ChainNamespace];

/** The wallet's accounts with the preferred type first, the rest in the wallet's order. */
export function preferredAccountsFirst<T>(namespace: ChainNamespace, accounts: readonly T[], typeOf: (account: T) => string): T[] {
  const preferred: string = PREFERRED_ACCOUNT_TYPES[namespace];
  return [...accounts.filter((account) => typeOf(account) === preferred), ...accounts.filter((account) => typeOf(account) !== preferred)];
}
