import type { CairnContext } from '../../context.ts';
import type { WalletConnectContext } from './walletConnectContext.ts';
import { errorMessage } from '../../errors.ts';
import { walletConnectLinks } from '../../rules/walletDeepLink.ts';
import { dropWalletConnectConnection } from './endWalletConnectSession.ts';
import type { WalletListItem } from '../../types.ts';
import { pairingFailure } from './walletConnectClient.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnector.ts';
import { keepOneClickSignIn, proposeWalletConnectSession, type OneClickSignIn } from './proposeWalletConnectSession.ts';
import { WalletConnectText } from './walletConnectText.ts';
import { walletConnectView } from './walletConnectView.ts';

export { WalletConnectText };
import { finishConnect } from '../../actions/finishConnect.ts';
import { attachWalletConnectSession } from './attachWalletConnectSession.ts';
import { takeConnectionTurn } from '../../actions/connectionTurn.ts';

export interface StartWalletConnectOptions {
  /** The catalogue wallet the visitor picked: its logo sits in the QR code, its deep link opens on a phone. */
  wallet?: WalletListItem;
}

function requireWalletConnect(ctx: CairnContext): WalletConnectContext {
  if (!ctx.walletConnect) throw new Error(WalletConnectText.notConfigured);
  return ctx.walletConnect;
}


export type StartWalletConnectParameters = StartWalletConnectOptions;
/** Whether the wallet connected. */
export type StartWalletConnectReturnType = boolean;

/**
 * Pairs a wallet over WalletConnect, on the Connecting view that `showWalletConnectView` put up
 * in the click's task. Loads the protocol code,
 * publishes a proposal and shows its URI (QR code, copy, deep link). When the URI expires while
 * the view is still shown, a fresh one replaces it. The wallet declining leaves a retry. Resolves
 * true when connected.
 */
export async function startWalletConnect(ctx: CairnContext, options: StartWalletConnectParameters = {}): Promise<StartWalletConnectReturnType> {
  const wc = requireWalletConnect(ctx);
  const { wallet } = options;
  const view = walletConnectView(ctx);
  const attempt = ++wc.attempt;
  // A wallet answering an older attempt (another wallet picked before) no longer connects.
  takeConnectionTurn(ctx);
  const isCurrent = () => wc.attempt === attempt;
  const stillShown = () => isCurrent() && ctx.modal.get().open && ctx.router.current().view === view;
  wc.store.set({ status: 'loading', uri: undefined, links: [], error: undefined, wallet });

  let client;
  try {
    client = await wc.load();
  } catch (error) {
    if (isCurrent()) wc.store.set({ status: 'failed', error: `${WalletConnectText.failed}: ${errorMessage(error)}` });
    return false;
  }
  if (!isCurrent()) return false;
  try {
    let signedIn: OneClickSignIn | undefined;
    if (!client.session()) {
      signedIn = await proposeWalletConnectSession(ctx, client, (uri) => {
        if (!isCurrent()) return;
        const links = wallet ? walletConnectLinks(wallet, uri, ctx.platform()) : [];
        wc.store.set({ status: 'waiting', uri, links });
        // Issue 5: on a phone, picking a wallet opens it with the URI; the view keeps a link and the QR.
        const mobile = links.find((link) => link.kind === 'mobile');
        if (mobile) ctx.openLink(mobile.href);
      }, isCurrent);
    }
    // The wallet approved: the connection stands even if the visitor has left the view meanwhile.
    wc.store.set({ status: 'approved' });
    try {
      const connected = await attachWalletConnectSession(ctx, client, { restore: false });
      if (connected === 0) throw Object.assign(new Error(WalletConnectText.noAccounts), { reason: 'failed' });
      if (signedIn) await keepOneClickSignIn(ctx, signedIn);
    } catch (error) {
      // Nothing of an approved session may outlive a failed attempt: not in the wallet, not here.
      await client.disconnect().catch(() => undefined);
      dropWalletConnectConnection(ctx);
      throw error;
    }
    ctx.events.emit('CONNECT_SUCCESS', { name: client.session()?.peer.name ?? 'WalletConnect', connectorId: WALLET_CONNECT_CONNECTOR_ID });
    if (isCurrent() || !ctx.modal.get().open) await finishConnect(ctx);
    return true;
  } catch (error) {
    if (!isCurrent()) return false;
    const reason = pairingFailure(error);
    // The view is still up: a fresh URI replaces the expired one, without a new selection.
    if (reason === 'expired' && stillShown()) return startWalletConnect(ctx, options);
    const message = reason === 'rejected' ? WalletConnectText.rejected : errorMessage(error, WalletConnectText.failed);
    wc.store.set({ status: reason, uri: reason === 'expired' ? undefined : wc.store.get().uri, error: message });
    ctx.events.emit('CONNECT_ERROR', { name: wallet?.name ?? 'WalletConnect', connectorId: WALLET_CONNECT_CONNECTOR_ID, message });
    return false;
  }
}

