import { serverUrl, type ApiConfig } from './apiConfig.ts';
import type { CaipNetwork } from '../types.ts';

/** SPEC §7: the site's server as a chain's RPC, `{api}/v1/?chainId={caip2}&projectId={id}`. */
export function serverRpcUrl(api: ApiConfig, caipNetworkId: string): string {
  return serverUrl(api, '/v1/', { chainId: caipNetworkId });
}

/**
 * A network the site gave no RPC URL of its own reads through the site's server (whose node keys
 * never reach the page); one with its own URL keeps it. Undefined when it has neither.
 */
export function withServerRpc(network: CaipNetwork, api: ApiConfig | undefined): CaipNetwork | undefined {
  if (network.rpcUrls.default.http.length > 0) return network;
  if (!api) return undefined;
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { ...network.rpcUrls.default, http: [serverRpcUrl(api, network.caipNetworkId)] } } };
}
