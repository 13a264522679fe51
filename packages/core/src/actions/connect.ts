import { adapterFor, type CairnContext } from '../context.ts';
import { ErrorText, errorMessage, isUserRejection } from '../errors.ts';
import { findNetwork, networkForNamespace } from '../stores/network.ts';
import { applyConnection } from './applyConnection.ts';
import { finishConnect } from './finishConnect.ts';
import { shakeModal } from './modal.ts';
import { loadWalletConnectFlow } from '../features/walletConnect/loadWalletConnectFlow.ts';
import { showWalletConnectView } from '../features/walletConnect/showWalletConnectView.ts';
import { takeConnectionTurn } from './connectionTurn.ts';
import { settledStatus } from './connectionStatus.ts';
import { modalVisit } from './modal.ts';

/** Whether the wallet connected. */
export type ConnectReturnType = boolean;

/**
 * Asks a wallet to connect. The ConnectingExternal view shows the attempt; a rejection (4001)
 * leaves a retry on that view instead of a dead end. Resolves true when connected. An attempt
 * the visitor moved on from (another wallet picked, a disconnect) changes nothing when its wallet
 * answers late, and resolves false.
 */
export async function connect(ctx: CairnContext, connectorId: string): Promise<ConnectReturnType> {
  const connector = ctx.connection.get().connectors.find((candidate) => candidate.id === connectorId);
  if (!connector) throw new Error(`Unknown connector: ${String(connectorId)}`);
  if (connector.type === 'WALLET_CONNECT') {
    showWalletConnectView(ctx);
    return (await loadWalletConnectFlow()).startWalletConnect(ctx);
  }
  const turn = takeConnectionTurn(ctx);
  const adapter = adapterFor(ctx, connector.chain);
  const flow = { modalVisit: modalVisit(ctx) };
  const top = ctx.router.current();
  if (top.view === 'ConnectingExternal') ctx.router.replace('ConnectingExternal', { connector });
  else ctx.router.push('ConnectingExternal', { connector });
  ctx.connection.set({ status: 'connecting', connecting: { connectorId } });
  ctx.events.emit('SELECT_WALLET', { name: connector.name, connectorId });
  try {
    const network = networkForNamespace(ctx.network.get(), connector.chain, findNetwork(ctx.network.get()) ?? ctx.options.defaultNetwork);
    const result = await adapter.connect({ connectorId, network });
    if (turn.overtaken()) return false;
    applyConnection(ctx, connector.chain, connector, result);
    ctx.events.emit('CONNECT_SUCCESS', { name: connector.name, connectorId });
    await finishConnect(ctx, flow);
    return true;
  } catch (error) {
    if (turn.overtaken()) return false;
    const rejected = isUserRejection(error);
    const message = rejected ? ErrorText.connectionRejected : errorMessage(error, ErrorText.connectionFailed);
    ctx.connection.set({
      status: settledStatus(ctx),
      connecting: { connectorId, error: message, rejected },
    });
    ctx.events.emit('CONNECT_ERROR', { name: connector.name, connectorId, message });
    if (rejected) shakeModal(ctx);
    return false;
  }
}
