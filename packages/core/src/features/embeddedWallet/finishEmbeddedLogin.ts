import { activeAccount, type CairnContext } from '../../context.ts';
import { errorMessage, ErrorText } from '../../errors.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { finishConnect } from '../../actions/finishConnect.ts';
import { settledStatus } from '../../actions/connectionStatus.ts';
import { modalVisit } from '../../actions/modal.ts';
import { takeConnectionTurn } from '../../actions/connectionTurn.ts';
import { attachEmbeddedWallet } from './attachEmbeddedWallet.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';

/** After the frame logged in: 'Authenticating...' while it opens the wallet, then the connection lands. */
export async function finishEmbeddedLogin(ctx: CairnContext, name: string): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  store.set({ status: 'authenticating', error: undefined });
  const flow = { modalVisit: modalVisit(ctx) };
  takeConnectionTurn(ctx);
  ctx.connection.set({ status: 'connecting', connecting: { connectorId: AUTH_CONNECTOR_ID } });
  try {
    const client = await load();
    if (!(await attachEmbeddedWallet(ctx, client, { restore: false }))) throw new Error(EmbeddedLoginText.noWallet);
  } catch (error) {
    const message = errorMessage(error, ErrorText.connectionFailed);
    store.set({ status: 'failed', error: message });
    ctx.connection.set({ status: settledStatus(ctx), connecting: undefined });
    ctx.events.emit('CONNECT_ERROR', { name, connectorId: AUTH_CONNECTOR_ID, message });
    return false;
  }
  store.set({ status: 'idle' });
  const { provider, email } = store.get();
  ctx.storage.set('connectedSocial', provider ?? 'email');
  // SPEC §3: the account says how it logged in (cleared with it on disconnect, SPEC §4).
  activeAccount(ctx).set({ socialProvider: provider ?? 'email', user: provider ? {} : { email } });
  ctx.events.emit('CONNECT_SUCCESS', { name, connectorId: AUTH_CONNECTOR_ID });
  await finishConnect(ctx, flow);
  return true;
}
