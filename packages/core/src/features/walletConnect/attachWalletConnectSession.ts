import type { CairnContext } from '../../context.ts';
import { findNetwork } from '../../stores/network.ts';
import type { WalletConnectClient } from './walletConnectClient.ts';
import { walletConnectConnector } from './walletConnectConnector.ts';
import { applyConnection } from '../../actions/applyConnection.ts';
import { sessionChains as chainsOf } from '../../rules/networkApproval.ts';

/**
 * Hands the session to every adapter whose namespace it has accounts in, and stores each
 * connection. `restore` is a reload: the adapters read accounts silently. Resolves with the
 * number of namespaces connected.
 */
export async function attachWalletConnectSession(
  ctx: CairnContext,
  client: WalletConnectClient,
  options: { restore: boolean },
): Promise<number> {
  const session = client.session();
  if (!session) return 0;
  let connected = 0;
  const sessionChains = chainsOf(session.accounts);
  for (const adapter of ctx.options.adapters) {
    if (!adapter.setRemoteProvider) continue;
    const namespace = adapter.namespace;
    if (!session.accounts.some((account) => account.startsWith(`${namespace}:`))) continue;
    const connector = { ...walletConnectConnector(namespace), name: session.peer.name || 'WalletConnect' };
    const icon = session.peer.icons.find((url) => /^https:\/\//.test(url));
    if (icon) connector.imageUrl = icon;
    adapter.setRemoteProvider(connector, client.provider(namespace));
    const result = options.restore
      ? await adapter.reconnect({ connectorId: connector.id })
      : await adapter.connect({ connectorId: connector.id, network: findNetwork(ctx.network.get()) ?? ctx.options.defaultNetwork });
    if (!result) continue;
    applyConnection(ctx, namespace, connector, result, sessionChains);
    connected += 1;
  }
  return connected;
}
