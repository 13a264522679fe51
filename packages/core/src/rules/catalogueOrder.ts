import { RECENT_WALLETS_MAX, WALLETS_RECOMMENDED_COUNT } from '../constants.ts';
import type { RecentWallet } from '../storage.ts';
import type { Connector, WalletListItem } from '../types.ts';

/** Why a catalogue wallet is singled out; the list shows it as a tag. */
export type CatalogueTag = 'installed' | 'recent' | 'featured';

export interface CatalogueWallet {
  wallet: WalletListItem;
  /** Installed beats recent beats featured: the tag says how the wallet will connect. */
  tag?: CatalogueTag;
  /** The browser connector of an installed wallet (its EIP-6963 rdns is the wallet's rdns). */
  connectorId?: string;
}

export interface CatalogueContext {
  /** The site's featured wallets, in the site's order (SPEC §9 "featured by id"). */
  featured: readonly WalletListItem[];
  recentWallets: readonly RecentWallet[];
  connectors: readonly Connector[];
}

/**
 * The wallets this browser has, by the rdns they announce over EIP-6963 (the first connector of
 * an rdns wins). Only an announcement counts: a plain injected provider says nothing reliable
 * about which wallet it is, so it never makes a catalogue wallet "installed".
 */
export function announcedByRdns(connectors: readonly Connector[]): Map<string, Connector> {
  const byRdns = new Map<string, Connector>();
  for (const connector of connectors) {
    const rdns = connector.info?.rdns;
    if (connector.type === 'ANNOUNCED' && rdns && !byRdns.has(rdns)) byRdns.set(rdns, connector);
  }
  return byRdns;
}

/** The EIP-6963 connector announcing the same rdns as the catalogue wallet, if the browser has it. */
export function findInstalledConnector(wallet: WalletListItem, connectors: readonly Connector[]): Connector | undefined {
  return wallet.rdns ? announcedByRdns(connectors).get(wallet.rdns) : undefined;
}

const isRecentWallet = (wallet: WalletListItem, recent: RecentWallet) =>
  recent.id === wallet.id || (!!recent.rdns && recent.rdns === wallet.rdns);

/**
 * Builds the tagger for one render: connectors by rdns and featured ids in sets, so tagging a
 * 10,000-wallet list is one pass.
 */
export function catalogueTagger({ featured, recentWallets, connectors }: CatalogueContext) {
  const installedByRdns = announcedByRdns(connectors);
  const featuredIds = new Set(featured.map((wallet) => wallet.id));
  const recent = recentWallets.slice(0, RECENT_WALLETS_MAX);
  return (wallet: WalletListItem): CatalogueWallet => {
    const connectorId = wallet.rdns ? installedByRdns.get(wallet.rdns)?.id : undefined;
    const tag: CatalogueTag | undefined = connectorId
      ? 'installed'
      : recent.some((item) => isRecentWallet(wallet, item))
        ? 'recent'
        : featuredIds.has(wallet.id)
          ? 'featured'
          : undefined;
    return { wallet, ...(tag ? { tag } : {}), ...(connectorId ? { connectorId } : {}) };
  };
}

/**
 * SPEC §9 / issue 5: the All Wallets order. Featured first (the site's order), then the recent
 * wallets (at most 2, most recent first) that are catalogue wallets, then the installed ones (an
 * EIP-6963 connector announces the wallet's rdns), then the rest in the server's order. A wallet
 * appears once, in its first place. `pinned` (looked up by id) and `wallets` (the pages) are
 * everything else known. Returns the wallets themselves, no object per wallet: a list of 10,000
 * is reordered on every page that arrives; tags are for the rows on screen (`catalogueTagger`).
 */
export function orderCatalogueWallets(
  context: CatalogueContext & { pinned?: readonly WalletListItem[]; wallets: readonly WalletListItem[] },
): WalletListItem[] {
  const { featured, pinned = [], wallets, connectors } = context;
  const placed = new Set<string>();
  const ordered: WalletListItem[] = [];
  const place = (wallet: WalletListItem) => {
    if (placed.has(wallet.id)) return;
    placed.add(wallet.id);
    ordered.push(wallet);
  };
  for (const wallet of featured) place(wallet);
  for (const recent of context.recentWallets.slice(0, RECENT_WALLETS_MAX)) {
    const wallet = featured.find((candidate) => isRecentWallet(candidate, recent)) ??
      pinned.find((candidate) => isRecentWallet(candidate, recent)) ??
      wallets.find((candidate) => isRecentWallet(candidate, recent));
    if (wallet) place(wallet);
  }
  const installedRdns = announcedByRdns(connectors);
  if (installedRdns.size > 0) {
    for (const list of [pinned, wallets]) {
      for (const wallet of list) if (wallet.rdns && installedRdns.has(wallet.rdns)) place(wallet);
    }
  }
  for (const wallet of pinned) place(wallet);
  for (const wallet of wallets) place(wallet);
  return ordered;
}

/**
 * SPEC §9 connector order, the wallets Connect lists besides the browser's connectors: featured,
 * the site's custom wallets, then up to 4 recommended, leaving out any wallet the list already
 * shows as a browser connector (one that announces the wallet's rdns, or a connector with the
 * wallet's id) and any listed earlier.
 */
export function connectViewCatalogue(
  context: Pick<CatalogueContext, 'featured' | 'connectors'> & { custom?: readonly WalletListItem[]; recommended: readonly WalletListItem[] },
): { featured: WalletListItem[]; custom: WalletListItem[]; recommended: WalletListItem[] } {
  const listedIds = new Set(context.connectors.map((connector) => connector.id));
  const installedRdns = announcedByRdns(context.connectors);
  const shown = (wallet: WalletListItem) => listedIds.has(wallet.id) || (!!wallet.rdns && installedRdns.has(wallet.rdns));
  const taken = new Set<string>();
  const take = (wallet: WalletListItem) => {
    if (shown(wallet) || taken.has(wallet.id)) return false;
    taken.add(wallet.id);
    return true;
  };
  const featured = context.featured.filter(take);
  const custom = (context.custom ?? []).filter(take);
  const recommended = context.recommended.filter(take).slice(0, WALLETS_RECOMMENDED_COUNT);
  return { featured, custom, recommended };
}
