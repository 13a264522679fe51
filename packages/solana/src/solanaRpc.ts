import type { CaipNetwork } from '@cairn/core';
import { jsonRpcRequest } from '@cairn/core/internal';

/** The network's RPC URL (the site's own node: the widget calls no other host). */
export function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0];
  if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`);
  return url;
}

export function solanaRpc<T>(network: CaipNetwork, method: string, params: readonly unknown[] = []): Promise<T> {
  return jsonRpcRequest<T>(rpcUrlOf(network), method, params);
}
