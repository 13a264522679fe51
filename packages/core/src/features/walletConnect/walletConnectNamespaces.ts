import type { CairnContext } from '../../context.ts';
import type { WalletConnectNamespaceRequest } from '../../types.ts';

/** CAIP-25: per namespace the site has an adapter for, the site's networks and the adapter's methods. */
export function walletConnectNamespaces(ctx: CairnContext): Record<string, WalletConnectNamespaceRequest> {
  const namespaces: Record<string, WalletConnectNamespaceRequest> = {};
  for (const adapter of ctx.options.adapters) {
    if (!adapter.walletConnectNamespace) continue;
    const networks = ctx.options.networks.filter((network) => network.chainNamespace === adapter.namespace);
    if (networks.length > 0) namespaces[adapter.namespace] = adapter.walletConnectNamespace(networks);
  }
  return namespaces;
}
