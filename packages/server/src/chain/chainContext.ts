import { createPublicClient, fallback, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../config.ts';
import { createUpstreamPool, type UpstreamPool } from '../rpc/upstreamPool.ts';
import { createJsonRpcClient, type JsonRpcClient } from './jsonRpc.ts';

/** Everything the server holds per configured chain. */
export interface ChainContext {
  config: ChainConfig;
  /** CAIP-2 id, e.g. eip155:31337. */
  caip2: string;
  /** The chain's upstream nodes (RPC_URL_<chainId>) with failover: the indexer, the data API and the RPC proxy share it. */
  upstreams: UpstreamPool;
  rpc: JsonRpcClient;
  /** viem client for contract reads (multicall), failing over through the same upstreams. */
  client: PublicClient;
}

const TIMEOUT_MS = 10_000; // SPEC §9: JSON-RPC timeout 10000 ms

export function createChainContexts(chains: readonly ChainConfig[], options: { timeoutMs?: number; log?: (message: string) => void } = {}): Map<number, ChainContext> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return new Map(
    chains.map((config) => {
      const caip2 = `eip155:${config.chainId}`;
      const upstreams = createUpstreamPool(caip2, config.rpcUrls, { timeoutMs, log: options.log });
      const transports = config.rpcUrls.map((url) => http(url, { batch: true, timeout: timeoutMs, retryCount: 1 }));
      return [
        config.chainId,
        {
          config,
          caip2,
          upstreams,
          rpc: createJsonRpcClient(config.rpcUrl, async (body) => (await upstreams.post(body)).answer),
          client: createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) }),
        },
      ];
    }),
  );
}
