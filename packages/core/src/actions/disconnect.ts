import { adapterFor, type CairnContext } from '../context.ts';
import { ErrorText } from '../errors.ts';
import { clearConnection } from './clearConnection.ts';
import { signOut } from './siwx/signOut.ts';
import { loadWalletConnectFlow } from './walletConnect/loadWalletConnectFlow.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/walletConnectConnector.ts';
import { land } from './land.ts';

/**
 * SPEC §4: disconnects every connected namespace and resets its state; on failure the state is
 * kept, DISCONNECT_ERROR is tracked and the error reads 'Failed to disconnect'.
 */
export async function disconnect(ctx: CairnContext): Promise<void> {
  const connected = [...ctx.accounts.values()].map((account) => account.get()).filter((a) => a.status === 'connected');
  try {
    for (const account of connected) {
      if (account.connectorId) {
        await adapterFor(ctx, account.namespace).disconnect({ connectorId: account.connectorId });
      }
    }
    if (connected.some((account) => account.connectorId === WALLET_CONNECT_CONNECTOR_ID)) await (await loadWalletConnectFlow()).endWalletConnectSession(ctx);
  } catch (error) {
    ctx.events.emit('DISCONNECT_ERROR', {});
    throw new Error(ErrorText.failedToDisconnect, { cause: error });
  }
  for (const account of connected) clearConnection(ctx, account.namespace);
  await signOut(ctx);
  ctx.connection.set({ status: 'disconnected', connectorId: undefined, connecting: undefined });
  ctx.events.emit('DISCONNECT_SUCCESS', {});
  land(ctx, { kind: 'disconnected' });
}
