import { adapterFor, type CairnContext } from '../context.ts';
import type { Connector } from '../types.ts';
import { networkForNamespace } from '../stores/network.ts';
import { applyConnection } from './applyConnection.ts';
import { followConnectionTurns } from './connectionTurn.ts';
import { checkSignIn } from '../features/siwx/checkSignIn.ts';

const attempting = new WeakSet<CairnContext>();

/** Whether the connector connected. */
export type AutoConnectReturnType = boolean;

/**
 * A connector that stands for the wallet hosting the page (a Safe app inside Safe{Wallet}) connects
 * as soon as it is found, without a prompt, when no wallet is connected: its accounts are read
 * silently, as a reload's reconnect reads them. The visitor's own connect or disconnect meanwhile wins.
 */
export async function autoConnect(ctx: CairnContext, connector: Connector): Promise<AutoConnectReturnType> {
  const { status, connecting } = ctx.connection.get();
  // The adapter reports its list again on every change: one attempt at a time.
  if (status === 'connected' || connecting || attempting.has(ctx)) return false;
  attempting.add(ctx);
  const turn = followConnectionTurns(ctx);
  try {
    const network = networkForNamespace(ctx.network.get(), connector.chain, ctx.options.defaultNetwork);
    const result = await adapterFor(ctx, connector.chain).reconnect({ connectorId: connector.id, ...(network ? { network } : {}) });
    if (!result || turn.overtaken() || ctx.connection.get().status === 'connected') return false;
    applyConnection(ctx, connector.chain, connector, result);
    ctx.events.emit('CONNECT_SUCCESS', { name: connector.name, connectorId: connector.id });
    await checkSignIn(ctx);
    return true;
  } catch (error) {
    console.warn(`[cairn] ${connector.name} did not connect on its own`, error);
    return false;
  } finally {
    attempting.delete(ctx);
  }
}
