import { accountFor, type CairnContext } from '../context.ts';
import type { CairnActions } from '../loadCairnActions.ts';
import type { AdapterEvents, ChainNamespace } from '../types.ts';

/**
 * What the wallet reports on its own: connectors found, and account, network and disconnect
 * events of the connected wallet. Only the connected wallet's events do work, and there is a
 * connection only once the actions chunk has loaded, so they apply synchronously.
 */
export function createAdapterEvents(
  ctx: CairnContext,
  namespace: ChainNamespace,
  withActions: (run: (actions: CairnActions) => void) => void,
): AdapterEvents {
  const isActiveConnector = (connectorId: string) => accountFor(ctx, namespace).get().connectorId === connectorId;
  return {
    connectorsChanged(connectors) {
      ctx.connection.set((state) => ({
        // The WalletConnect connector is the core's, not an adapter's: an adapter's list never replaces it.
        connectors: [...state.connectors.filter((item) => item.chain !== namespace || item.type === 'WALLET_CONNECT'), ...connectors],
      }));
      // The wallet hosting the page (Safe{Wallet}'s app frame) connects without a prompt.
      for (const connector of connectors) {
        if (connector.autoConnect) withActions((actions) => void actions.autoConnect(ctx, connector));
      }
    },
    accountsChanged(connectorId, accounts, details) {
      if (isActiveConnector(connectorId)) withActions((actions) => actions.applyAccountsChanged(ctx, namespace, accounts, details));
    },
    chainChanged(connectorId, chainId) {
      if (isActiveConnector(connectorId)) withActions((actions) => actions.applyChainChanged(ctx, namespace, chainId));
    },
    disconnected(connectorId) {
      if (isActiveConnector(connectorId)) withActions((actions) => actions.applyDisconnected(ctx, namespace));
    },
  };
}
