import type { ChainNamespace, Connector } from '../../types.ts';

/** SPEC §3: the connector id of WalletConnect. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect';

// Our own glyph (a QR finder pattern), not WalletConnect's trademark logo.
const WALLET_CONNECT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b82f6"/><g fill="none" stroke="#fff" stroke-width="2.5"><rect x="9" y="9" width="8" height="8" rx="1.5"/><rect x="23" y="9" width="8" height="8" rx="1.5"/><rect x="9" y="23" width="8" height="8" rx="1.5"/></g><g fill="#fff"><rect x="23" y="23" width="3.5" height="3.5"/><rect x="27.5" y="27.5" width="3.5" height="3.5"/><rect x="23" y="27.5" width="3.5" height="3.5" opacity=".6"/></g></svg>',
  );

/** The one WalletConnect connector; its session may cover several namespaces. */
export function walletConnectConnector(chain: ChainNamespace): Connector {
  return { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', chain, imageUrl: WALLET_CONNECT_ICON };
}
