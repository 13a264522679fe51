import { NAMESPACES, type ChainNamespace } from '../namespaces.ts';

export type PreferredAccountType = (typeof NAMESPACES)[ChainNamespace]['preferredAccountType'];

/** The wallet's accounts with the preferred type first, the rest in the wallet's order. */
export function preferredAccountsFirst<T>(namespace: ChainNamespace, accounts: readonly T[], typeOf: (account: T) => string): T[] {
  const preferred: string = NAMESPACES[namespace].preferredAccountType;
  return [...accounts.filter((account) => typeOf(account) === preferred), ...accounts.filter((account) => typeOf(account) !== preferred)];
}
