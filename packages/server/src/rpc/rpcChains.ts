import type { ServerConfig } from '../config.ts';
import type { ServerServices } from '../services.ts';
import type { RpcChain } from './rpcForwarder.ts';
import { createUpstreamPool } from './upstreamPool.ts';

type ServedChains = Pick<ServerConfig, 'chains' | 'solanaChains' | 'polkadotChains'>;

const listed = (config: ServedChains) => [
  ...config.chains.map((chain) => ({ caip2: `eip155:${chain.chainId}`, ws: chain.wsUrls.length > 0 })),
  ...config.solanaChains.map((chain) => ({ caip2: `solana:${chain.reference}`, ws: chain.wsUrls.length > 0 })),
  ...config.polkadotChains.map((chain) => ({ caip2: `polkadot:${chain.reference}`, ws: chain.wsUrls.length > 0 })),
];

/** The CAIP-2 ids of the chains the proxy serves over HTTP (every configured one) and over WebSocket (those with RPC_WS_URL_*), in the order createRpcChains lists them. */
export function rpcChainIds(config: ServedChains): { http: string[]; ws: string[] } {
  const chains = listed(config);
  return { http: chains.map((chain) => chain.caip2), ws: chains.filter((chain) => chain.ws).map((chain) => chain.caip2) };
}

/**
 * Every chain the proxy serves, by CAIP-2 id: the eip155 chains (through the upstream pools the
 * indexer and the data API read, so all rest the same failed node), the Solana clusters and the
 * Polkadot chains of the configuration.
 */
export function createRpcChains({ config, chains: evmChains }: Pick<ServerServices, 'config' | 'chains'>, log?: (message: string) => void): Map<string, RpcChain> {
  const { upstreamTimeoutMs: timeoutMs, blockTimeMs } = config.rpcProxy;
  const pool = (caip2: string, urls: readonly string[]) => createUpstreamPool(caip2, urls, { timeoutMs, log });
  const chains: RpcChain[] = [
    ...config.chains.map((chain) => {
      const caip2 = `eip155:${chain.chainId}`;
      return { caip2, namespace: 'eip155' as const, upstreams: evmChains.get(chain.chainId)?.upstreams ?? pool(caip2, chain.rpcUrls), wsUrls: chain.wsUrls, blockTimeMs: blockTimeMs(chain.chainId), upstreamBatches: true };
    }),
    ...config.solanaChains.map((chain) => {
      const caip2 = `solana:${chain.reference}`;
      return { caip2, namespace: 'solana' as const, upstreams: pool(caip2, chain.rpcUrls), wsUrls: chain.wsUrls, blockTimeMs: 0, upstreamBatches: false };
    }),
    ...config.polkadotChains.map((chain) => {
      const caip2 = `polkadot:${chain.reference}`;
      return { caip2, namespace: 'polkadot' as const, upstreams: pool(caip2, chain.rpcUrls), wsUrls: chain.wsUrls, blockTimeMs: 0, upstreamBatches: false };
    }),
  ];
  return new Map(chains.map((chain) => [chain.caip2, chain]));
}
