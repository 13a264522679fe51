// Everything behind the Cairn API that painting the button does not need, in one chunk that
// loads when idle or on first use (see loadCairnActions.ts): connecting, balances, sign-in, the
// catalogue, WalletConnect, the site's own requests and the wallet's events.
import type { CairnContext } from '../context.ts';
import { createCairnServerSiwx } from '../siwx/cairnServerSiwx.ts';
import { createBlockchainApi } from '../api/blockchainApi.ts';
import { createWalletCatalogueApi } from '../api/walletCatalogueApi.ts';

export { connect } from './connect.ts';
export { disconnect } from './disconnect.ts';
export { reconnect } from './reconnect.ts';
export { autoConnect } from './autoConnect.ts';
export { refreshBalance } from './refreshBalance.ts';
export { request } from './request.ts';
export { switchNetwork } from '../features/networks/switchNetwork.ts';
export { switchNamespace } from './switchNamespace.ts';
export { signIn } from '../features/siwx/signIn.ts';
export { cancelSignIn } from '../features/siwx/cancelSignIn.ts';
export { loadWallets } from '../features/catalogue/loadWallets.ts';
export { loadMoreWallets } from '../features/catalogue/loadMoreWallets.ts';
export { searchWallets } from '../features/catalogue/searchWallets.ts';
export { selectCatalogueWallet } from '../features/catalogue/selectCatalogueWallet.ts';
export { showWalletConnectView } from '../features/walletConnect/showWalletConnectView.ts';
export { applyAccountsChanged, applyChainChanged, applyDisconnected } from './walletEvents.ts';
export { isWalletListItem } from '../rules/isWalletListItem.ts';

/** The clients of the site's Cairn server, made once per instance when the actions first load. */
export function attachServerClients(ctx: CairnContext): void {
  const { api, siwx } = ctx.options;
  if (siwx) ctx.siwxBackend ??= siwx.backend ?? createCairnServerSiwx(api!, { crossSite: siwx.crossSite === true });
  if (!api) return;
  ctx.api ??= createBlockchainApi(api);
  ctx.catalogue ??= createWalletCatalogueApi(api);
}
