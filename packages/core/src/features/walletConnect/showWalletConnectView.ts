import type { CairnContext } from '../../context.ts';
import type { WalletListItem } from '../../types.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnector.ts';
import { walletConnectView } from './walletConnectView.ts';

export type ShowWalletConnectViewReturnType = void;

/**
 * The visitor picked WalletConnect (or a catalogue wallet through it, or Try again): the
 * Connecting view shows in the click's own task, before the WalletConnect code has loaded, and
 * SELECT_WALLET is tracked. `startWalletConnect` then pairs on that view.
 */
export function showWalletConnectView(ctx: CairnContext, wallet?: WalletListItem): ShowWalletConnectViewReturnType {
  if (!ctx.walletConnect) return;
  const view = walletConnectView(ctx);
  const data = wallet ? { wallet } : undefined;
  if (ctx.router.current().view === view) ctx.router.replace(view, data);
  else ctx.router.push(view, data);
  ctx.walletConnect.store.set({ status: 'loading', uri: undefined, links: [], error: undefined, wallet });
  ctx.events.emit('SELECT_WALLET', { name: wallet?.name ?? 'WalletConnect', connectorId: WALLET_CONNECT_CONNECTOR_ID });
}
