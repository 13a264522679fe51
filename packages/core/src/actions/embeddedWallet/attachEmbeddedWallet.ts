import { adapterFor, type CairnContext } from '../../context.ts';
import type { EmbeddedWalletClient } from '../../embeddedWallet/embeddedWalletPlugin.ts';
import { authConnector } from '../../embeddedWallet/authConnector.ts';
import { findNetwork, networkForNamespace } from '../../stores/network.ts';
import { applyConnection } from '../applyConnection.ts';

/**
 * Hands the frame's wallet to the EVM adapter as its remote provider (signing goes through the
 * frame's approval screen) and stores the connection. `restore` is a reload: accounts are read
 * silently. Resolves false when the frame has no wallet open.
 */
export async function attachEmbeddedWallet(ctx: CairnContext, client: EmbeddedWalletClient, options: { restore: boolean }): Promise<boolean> {
  const adapter = adapterFor(ctx, 'eip155');
  if (!adapter.setRemoteProvider) return false;
  const connector = authConnector('eip155');
  adapter.setRemoteProvider(connector, client.provider());
  const network = networkForNamespace(ctx.network.get(), 'eip155', findNetwork(ctx.network.get()) ?? ctx.options.defaultNetwork);
  let result;
  try {
    result = options.restore
      ? await adapter.reconnect({ connectorId: connector.id, ...(network ? { network } : {}) })
      : await adapter.connect({ connectorId: connector.id, ...(network ? { network } : {}) });
  } catch (error) {
    adapter.setRemoteProvider(connector, undefined);
    throw error;
  }
  if (!result) {
    adapter.setRemoteProvider(connector, undefined);
    return false;
  }
  ctx.connection.set((state) => ({
    connectors: state.connectors.some((item) => item.id === connector.id) ? state.connectors : [...state.connectors, connector],
  }));
  applyConnection(ctx, 'eip155', connector, result);
  return true;
}
