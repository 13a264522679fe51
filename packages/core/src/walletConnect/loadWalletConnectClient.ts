import type { CaipNetwork } from '../types.ts';
import type { ResolvedOptions } from '../options.ts';
import type { WalletConnectClient, WalletConnectClientLoader } from './walletConnectClient.ts';

/**
 * Loads @cairn/walletconnect (its own chunk: the protocol code is paid for only by visitors who
 * pick WalletConnect, or who come back to a WalletConnect session) and starts one client.
 * A failed start is not cached, so the next attempt tries again.
 */
export function createWalletConnectLoader(options: ResolvedOptions): WalletConnectClientLoader {
  const config = options.walletConnect;
  if (!config || !options.projectId) throw new Error('WalletConnect needs `walletConnect` and `projectId`');
  const { projectId } = options;
  let loading: Promise<WalletConnectClient> | undefined;
  return () => {
    loading ??= import('@cairn/walletconnect')
      .then(({ createWalletConnectClient }) =>
        createWalletConnectClient({
          projectId,
          ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
          metadata: config.metadata,
          telemetry: config.telemetry === true,
          verify: config.verify === true,
          rpcMap: rpcMap(options.networks),
        }),
      )
      .catch((error: unknown) => {
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
