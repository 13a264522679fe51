import type { CaipNetwork } from '../../types.ts';
import type { ResolvedOptions } from '../../options.ts';
import type { WalletConnectClient, WalletConnectClientLoader } from './walletConnectClient.ts';

/**
 * Starts one client through the site's WalletConnect plugin (whose protocol code is its own chunk,
 * paid for only by visitors who pick WalletConnect or come back to a WalletConnect session). A
 * failed start is not cached, so the next attempt tries again.
 */
export function createWalletConnectLoader(options: ResolvedOptions): WalletConnectClientLoader {
  const config = options.walletConnect;
  if (!config) throw new Error('WalletConnect needs the `walletConnect` option');
  let loading: Promise<WalletConnectClient> | undefined;
  return () => {
    loading ??= config.createClient({ metadata: config.metadata, rpcMap: rpcMap(options.networks) }).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

function rpcMap(networks: readonly CaipNetwork[]): Record<string, string> {
  return Object.fromEntries(
    networks.flatMap((network) => {
      const url = network.rpcUrls.default.http[0];
      return url ? [[network.caipNetworkId, url]] : [];
    }),
  );
}
