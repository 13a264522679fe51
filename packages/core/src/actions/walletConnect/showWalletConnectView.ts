import type { CairnContext } from '../../context.ts';
import type { WalletListItem } from '../../types.ts';

/**
 * Shows the Connecting view in the click's own task, before the WalletConnect code has loaded, so
 * the visitor sees the click land. `startWalletConnect` then takes over the same view.
 */
export function showWalletConnectView(ctx: CairnContext, wallet?: WalletListItem): void {
  if (!ctx.walletConnect) return;
  const view = ctx.options.walletConnect?.basic ? 'ConnectingWalletConnectBasic' : 'ConnectingWalletConnect';
  const data = wallet ? { wallet } : undefined;
  if (ctx.router.current().view === view) ctx.router.replace(view, data);
  else ctx.router.push(view, data);
  ctx.walletConnect.store.set({ status: 'loading', uri: undefined, error: undefined, wallet });
}
