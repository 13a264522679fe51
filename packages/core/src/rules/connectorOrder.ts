import { CONNECTOR_SECTION_ORDER, type ConnectorSection } from '../constants.ts';
import type { RecentWallet } from '../storage.ts';
import type { Connector, WalletListItem } from '../types.ts';
import { connectViewCatalogue } from './catalogueOrder.ts';
import { orderConnectors } from './connectorSections.ts';

/** One row of Connect: a connector of this browser (or WalletConnect), or a wallet to pick (catalogue or the site's own). */
export type ConnectRow =
  | { section: ConnectorSection; connector: Connector; wallet?: undefined }
  | { section: 'featured' | 'custom' | 'recommended'; wallet: WalletListItem; connector?: undefined };

export interface ConnectorOrderInput {
  connectors: readonly Connector[];
  recentWallets: readonly RecentWallet[];
  /** The site's featured catalogue wallets, in its order. */
  featured: readonly WalletListItem[];
  /** The site's own wallets (`customWallets`), in its order. */
  customWallets: readonly WalletListItem[];
  recommended: readonly WalletListItem[];
}

/**
 * SPEC §9 "Connector order": walletConnect, recent, injected (with the announced wallets),
 * featured, custom, external, recommended. A wallet is listed once: a catalogue or custom wallet
 * this browser announces (its rdns) is its connector's row, and one listed earlier is not
 * listed again; at most 4 recommended.
 */
export function connectorOrder(input: ConnectorOrderInput): ConnectRow[] {
  const connectorRows: ConnectRow[] = orderConnectors(input.connectors, input.recentWallets);
  const { featured, custom, recommended } = connectViewCatalogue({
    featured: input.featured,
    custom: input.customWallets,
    recommended: input.recommended,
    connectors: input.connectors,
  });
  const rows: ConnectRow[] = [
    ...connectorRows,
    ...featured.map((wallet) => ({ section: 'featured' as const, wallet })),
    ...custom.map((wallet) => ({ section: 'custom' as const, wallet })),
    ...recommended.map((wallet) => ({ section: 'recommended' as const, wallet })),
  ];
  const rank = (row: ConnectRow) => CONNECTOR_SECTION_ORDER.indexOf(row.section);
  // Array.prototype.sort is stable: the order inside a section is kept.
  return rows.sort((a, b) => rank(a) - rank(b));
}
