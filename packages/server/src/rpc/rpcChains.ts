import type { ServerConfig } from '../config.ts';
import type { RpcChain } from './rpcForwarder.ts';
import { createUpstreamPool } from './upstreamPool.ts';

/** The CAIP-2 ids of the chains the proxy serves over HTTP, in the order createRpcChains lists them. */
export function rpcChainIds(config: Pick<ServerConfig, 'chains' | 'solanaChains' | 'polkadotChains'>): string[] {
  return [
    ...config.chains.map((chain) => `eip155:${chain.chainId}`),
    ...config.solanaChains.map((chain) => `solana:${chain.reference}`),
    ...config.polkadotChains.map((chain) => `polkadot:${chain.reference}`),
  ];
}

/** Every chain the proxy serves, by CAIP-2 id: the eip155 chains, the Solana clusters and the Polkadot chains of the configuration. */
export function createRpcChains(config: ServerConfig, log?: (message: string) => void): Map<string, RpcChain> {
  const { upstreamTimeoutMs: timeoutMs, blockTimeMs } = config.rpcProxy;
  const chains: RpcChain[] = [
    ...config.chains.map((chain) => ({ caip2: `eip155:${chain.chainId}`, namespace: 'eip155' as const, urls: chain.rpcUrls, blockTimeMs: blockTimeMs(chain.chainId), upstreamBatches: true })),
    ...config.solanaChains.map((chain) => ({ caip2: `solana:${chain.reference}`, namespace: 'solana' as const, urls: chain.rpcUrls, blockTimeMs: 0, upstreamBatches: false })),
    ...config.polkadotChains.map((chain) => ({ caip2: `polkadot:${chain.reference}`, namespace: 'polkadot' as const, urls: chain.rpcUrls, blockTimeMs: 0, upstreamBatches: false })),
  ].map(({ urls, ...chain }) => ({ ...chain, upstreams: createUpstreamPool(chain.caip2, urls, { timeoutMs, log }) }));
  return new Map(chains.map((chain) => [chain.caip2, chain]));
}
