import { CONNECTOR_SECTION_ORDER, type ConnectorSection } from '../constants.ts';
import type { RecentWallet } from '../storage.ts';
import type { Connector } from '../types.ts';

export interface ConnectorListItem {
  section: ConnectorSection;
  connector: Connector;
}

const sectionOfType: Partial<Record<Connector['type'], ConnectorSection>> = {
  WALLET_CONNECT: 'walletConnect',
  INJECTED: 'injected',
  ANNOUNCED: 'announced',
  EXTERNAL: 'external',
};

/**
 * SPEC §9: the Connect view lists connectors in the order walletConnect, recent, injected,
 * announced, featured, custom, external, recommended. A recent wallet that is present is shown
 * once, under recent; a recent wallet that is gone (extension removed) is not shown.
 */
export function orderConnectors(
  connectors: readonly Connector[],
  recentWallets: readonly RecentWallet[],
): ConnectorListItem[] {
  const byId = new Map(connectors.map((connector) => [connector.id, connector]));
  const recent: ConnectorListItem[] = [];
  for (const wallet of recentWallets) {
    const connector = byId.get(wallet.id);
    // An e-mail or social login is not a wallet row: Connect's e-mail field and social buttons start it.
    if (connector && connector.type !== 'AUTH') recent.push({ section: 'recent', connector });
  }
  const recentIds = new Set(recent.map((item) => item.connector.id));
  const rest = connectors
    .filter((connector) => !recentIds.has(connector.id))
    .flatMap((connector): ConnectorListItem[] => {
      const section = sectionOfType[connector.type];
      return section ? [{ section, connector }] : [];
    });
  const rank = (section: ConnectorSection) => CONNECTOR_SECTION_ORDER.indexOf(section);
  // Array.prototype.sort is stable: discovery order is kept inside a section.
  return [...recent, ...rest].sort((a, b) => rank(a.section) - rank(b.section));
}
