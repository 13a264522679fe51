import { accountFor, adapterFor, type CairnContext } from '../context.ts';
import { ErrorText } from '../errors.ts';
import type { ChainNamespace } from '../types.ts';
import { clearConnection } from './clearConnection.ts';
import { signOut } from '../features/siwx/signOut.ts';
import { loadWalletConnectFlow } from '../features/walletConnect/loadWalletConnectFlow.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from '../features/walletConnect/walletConnectConnector.ts';
import { land } from './land.ts';
import { switchNamespace } from './switchNamespace.ts';
import { takeConnectionTurn } from './connectionTurn.ts';

/** One namespace's connection only; all of them without it. */
export type DisconnectParameters = { namespace?: ChainNamespace };
export type DisconnectReturnType = void;

/**
 * SPEC §4: disconnects a namespace, or every connected one, and resets its state; a WalletConnect
 * session ends every namespace that uses it. A namespace left connected becomes the active one.
 * On failure the state is kept, DISCONNECT_ERROR is tracked and the error reads 'Failed to disconnect'.
 * A connection the visitor made while the wallets were answering is kept, and the modal left as it is.
 */
export async function disconnect(ctx: CairnContext, options: DisconnectParameters = {}): Promise<DisconnectReturnType> {
  const turn = takeConnectionTurn(ctx);
  const connected = [...ctx.accounts.values()].map((account) => account.get()).filter((a) => a.status === 'connected');
  const named = options.namespace === undefined ? connected : connected.filter((account) => account.namespace === options.namespace);
  // SPEC §4: a WalletConnect or auth connector (a feature's session) disconnects every chain that uses it.
  const sharedConnectors = [WALLET_CONNECT_CONNECTOR_ID, ...ctx.sessions.keys()].filter((id) => named.some((account) => account.connectorId === id));
  const endsSession = sharedConnectors.includes(WALLET_CONNECT_CONNECTOR_ID);
  const targets = connected.filter((account) => named.includes(account) || (account.connectorId !== undefined && sharedConnectors.includes(account.connectorId)));
  const remaining = connected.filter((account) => !targets.includes(account));
  try {
    for (const account of targets) {
      if (account.connectorId) {
        await adapterFor(ctx, account.namespace).disconnect({ connectorId: account.connectorId });
      }
    }
    if (endsSession) await (await loadWalletConnectFlow()).endWalletConnectSession(ctx);
    for (const id of sharedConnectors) await ctx.sessions.get(id)?.end(ctx);
  } catch (error) {
    ctx.events.emit('DISCONNECT_ERROR', {});
    throw new Error(ErrorText.failedToDisconnect, { cause: error });
  }
  if (turn.overtaken()) {
    // Only what is still the connection this disconnect was asked to end.
    for (const account of targets) {
      if (accountFor(ctx, account.namespace).get().connectorId === account.connectorId) clearConnection(ctx, account.namespace);
    }
    ctx.events.emit('DISCONNECT_SUCCESS', {});
    return;
  }
  for (const account of targets) clearConnection(ctx, account.namespace);
  if (remaining[0]) {
    // The other namespace stays: the Account view now shows it, the modal stays where it is.
    if (targets.some((account) => account.namespace === ctx.network.get().activeNamespace)) switchNamespace(ctx, remaining[0].namespace);
    ctx.events.emit('DISCONNECT_SUCCESS', {});
    return;
  }
  await signOut(ctx);
  ctx.connection.set({ status: 'disconnected', connectorId: undefined, connecting: undefined });
  ctx.events.emit('DISCONNECT_SUCCESS', {});
  land(ctx, { kind: 'disconnected' });
}
