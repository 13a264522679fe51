// SPEC §3: every chain namespace Cairn knows, one line each, with the facts that are not its
// adapter's to tell: what the site's server offers there (SPEC §5 names, §9 balances and swaps)
// and which account a wallet's list puts first (SPEC §4), how a fee and an explorer link are
// written there. What differs in talking to the chain (address checks, the send's fee unit, the
// sign-in grammar, the account's kind) is the adapter's: ChainAdapter in types.ts.
export const NAMESPACES = {
  eip155: { preferredAccountType: 'smartAccount', serverBalances: true, names: true, swaps: true, smallUnit: { name: 'gwei', exponent: 9 }, explorerTransactionPath: '/tx/' },
  solana: { preferredAccountType: 'eoa', serverBalances: true, names: false, swaps: false, smallUnit: { name: 'lamports', exponent: 0 }, explorerTransactionPath: '/tx/' },
  polkadot: { preferredAccountType: 'eoa', serverBalances: false, names: false, swaps: false, smallUnit: { name: 'planck', exponent: 0 }, explorerTransactionPath: '/extrinsic/' },
  bip122: { preferredAccountType: 'payment', serverBalances: false, names: false, swaps: false, smallUnit: { name: 'sats', exponent: 0 }, explorerTransactionPath: '/tx/' },
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
  /**
   * The unit a fee too small to read in the native coin is written in (Send's fee line): its name
   * and its size in the chain's smallest unit, as a power of ten (gwei is 10^9 wei).
   */
  smallUnit: { name: string; exponent: number };
  /** Where a network's block explorer shows a transaction, after its base URL (Subscan says extrinsic). */
  explorerTransactionPath: string;
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

type OfSomeNamespace = { namespace?: string } | { chainNamespace: string };

/**
 * The items of one namespace (adapters and accounts by `namespace`, networks by `chainNamespace`):
 * how code outside rules and adapters picks a namespace's own, instead of a branch on its name.
 */
export function ofNamespace<T extends OfSomeNamespace>(items: readonly T[], namespace: ChainNamespace): T[] {
  return items.filter((item) => ('chainNamespace' in item ? item.chainNamespace : item.namespace) === namespace);
}
