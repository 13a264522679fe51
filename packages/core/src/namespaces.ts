// SPEC §3: every chain namespace Cairn knows, one line each, with the facts that are not its
// adapter's to tell: what the site's server offers there (SPEC §5 names, §9 balances and swaps)
// and which account a wallet's list puts first (SPEC §4). What differs in talking to the chain
// (address checks, the send's fee unit, the sign-in grammar, the account's kind) is the adapter's:
// ChainAdapter in types.ts.
export const NAMESPACES = {
  eip155: { preferredAccountType: 'smartAccount', serverBalances: true, names: true, swaps: true },
  solana: { preferredAccountType: 'eoa', serverBalances: true, names: false, swaps: false },
  polkadot: { preferredAccountType: 'eoa', serverBalances: false, names: false, swaps: false },
  bip122: { preferredAccountType: 'payment', serverBalances: false, names: false, swaps: false },
} as const satisfies Record<string, NamespaceFacts>;

export interface NamespaceFacts {
  /** SPEC §4: the account type preferred when a wallet offers several. */
  preferredAccountType: string;
  /** SPEC §9: the site's server answers balances (with USD prices) here; elsewhere the chain does. */
  serverBalances: boolean;
  /** SPEC §5: names, and identity (a name and its avatar) with them. */
  names: boolean;
  /** SPEC §9: Swap is offered on this namespace's swap networks. */
  swaps: boolean;
}

export type ChainNamespace = keyof typeof NAMESPACES;

/** Whether `value` names a namespace Cairn knows (a stored or a foreign value may not). */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && Object.hasOwn(NAMESPACES, value);
}

/** A namespace fact, false for a namespace Cairn does not know. */
export function namespaceOffers(namespace: string | undefined, fact: 'serverBalances' | 'names' | 'swaps'): boolean {
  return isChainNamespace(namespace) && NAMESPACES[namespace][fact];
}
