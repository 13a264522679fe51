import { ANNOUNCE_WAIT_MS } from '../constants.ts';
import { adapterFor, type CairnContext } from '../context.ts';
import { applyConnection } from './applyConnection.ts';
import { networkForNamespace } from '../stores/network.ts';
import { switchNamespace } from './switchNamespace.ts';
import { endEmptyReconnect, markReconnecting } from './markReconnecting.ts';
import { checkSignIn } from '../features/siwx/checkSignIn.ts';
import { loadWalletConnectFlow } from '../features/walletConnect/loadWalletConnectFlow.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from '../features/walletConnect/walletConnectConnector.ts';
import { followConnectionTurns } from './connectionTurn.ts';

/** How long to wait for the remembered wallets to announce themselves (EIP-6963). */
export type ReconnectParameters = { announceWaitMs?: number };
/** Whether a remembered connection was restored. */
export type ReconnectReturnType = boolean;

/**
 * SPEC §4: status becomes reconnecting if a connection is remembered, else connecting; stored
 * connectors are tried most recently used first, silently (no wallet prompt); connected if at
 * least one reconnected, otherwise disconnected with the stored connections cleared. It is silent
 * in time too: once the visitor connects or disconnects meanwhile, it stops and leaves their choice
 * (and its status) alone.
 */
export async function reconnect(ctx: CairnContext, options: ReconnectParameters = {}): Promise<ReconnectReturnType> {
  const stored = markReconnecting(ctx);
  if (stored.length === 0) {
    endEmptyReconnect(ctx);
    return false;
  }
  const turn = followConnectionTurns(ctx);
  const restoredNamespaces = new Set<string>();
  for (const { namespace, connectorId } of stored) {
    if (turn.overtaken()) break;
    if (restoredNamespaces.has(namespace)) continue;
    const adapter = ctx.options.adapters.find((candidate) => candidate.namespace === namespace);
    if (!adapter) continue;
    try {
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID) {
        // The session lives in the WalletConnect client's own storage; one restore covers every namespace.
        await (await loadWalletConnectFlow()).restoreWalletConnect(ctx);
        for (const item of stored) {
          if (ctx.accounts.get(item.namespace)?.get().connectorId === WALLET_CONNECT_CONNECTOR_ID) restoredNamespaces.add(item.namespace);
        }
        continue;
      }
      const session = ctx.sessions.get(connectorId);
      if (session) {
        if (await session.restore(ctx)) restoredNamespaces.add(namespace);
        continue;
      }
      const connector = await adapter.waitForConnector(connectorId, options.announceWaitMs ?? ANNOUNCE_WAIT_MS);
      if (!connector) continue;
      const network = networkForNamespace(ctx.network.get(), namespace);
      const result = await adapterFor(ctx, namespace).reconnect({ connectorId, ...(network ? { network } : {}) });
      if (!result || turn.overtaken()) continue;
      ctx.connection.set((state) => ({
        connectors: state.connectors.some((item) => item.id === connector.id)
          ? state.connectors
          : [...state.connectors, connector],
      }));
      applyConnection(ctx, namespace, connector, result);
      restoredNamespaces.add(namespace);
    } catch (error) {
      console.warn(`[cairn] could not reconnect ${connectorId}:`, error);
    }
  }
  for (const { namespace } of stored) {
    const account = ctx.accounts.get(namespace);
    if (!restoredNamespaces.has(namespace) && account?.get().status === 'reconnecting') account.set({ status: 'disconnected' });
  }
  // The visitor's own connect or disconnect says what the status and the storage are now.
  if (turn.overtaken()) return restoredNamespaces.size > 0;
  if (restoredNamespaces.size > 0) {
    // Each restore made its namespace the shown one; the one used last is shown again.
    const mostRecent = stored.find((item) => restoredNamespaces.has(item.namespace));
    if (restoredNamespaces.size > 1 && mostRecent) switchNamespace(ctx, mostRecent.namespace);
    await checkSignIn(ctx);
    return true;
  }
  ctx.storage.remove('connections');
  ctx.storage.remove('connectedWallet');
  ctx.connection.set({ status: 'disconnected', connectorId: undefined });
  return false;
}
