import type { CairnContext } from '../../context.ts';
import { findInstalledConnector } from '../../rules/catalogueOrder.ts';
import type { WalletListItem } from '../../types.ts';
import { connect } from '../../actions/connect.ts';
import { loadWalletConnectFlow } from '../walletConnect/loadWalletConnectFlow.ts';
import { showWalletConnectView } from '../walletConnect/showWalletConnectView.ts';

/** Whether the wallet connected. */
export type SelectCatalogueWalletReturnType = boolean;

/**
 * A catalogue wallet picked from All Wallets or the Connect view. Installed in this browser (an
 * EIP-6963 connector announces its rdns): it connects through the browser, as its own row
 * would. Otherwise: WalletConnect, with the wallet's logo and deep links. Resolves true when
 * connected.
 */
export async function selectCatalogueWallet(ctx: CairnContext, wallet: WalletListItem): Promise<SelectCatalogueWalletReturnType> {
  const connector = findInstalledConnector(wallet, ctx.connection.get().connectors);
  if (connector) return connect(ctx, connector.id);
  showWalletConnectView(ctx, wallet);
  return (await loadWalletConnectFlow()).startWalletConnect(ctx, { wallet });
}
