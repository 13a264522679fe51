import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../config.ts';
import { createJsonRpcClient, type JsonRpcClient } from './jsonRpc.ts';

/** Everything the server holds per configured chain. */
export interface ChainContext {
  config: ChainConfig;
  /** CAIP-2 id, e.g. eip155:31337. */
  caip2: string;
  rpc: JsonRpcClient;
  /** viem client for contract reads (multicall). */
  client: PublicClient;
}

export function createChainContexts(chains: readonly ChainConfig[]): Map<number, ChainContext> {
  return new Map(
    chains.map((config) => [
      config.chainId,
      {
        config,
        caip2: `eip155:${config.chainId}`,
        rpc: createJsonRpcClient(config.rpcUrl),
        client: createPublicClient({ transport: http(config.rpcUrl, { batch: true, timeout: 10_000, retryCount: 1 }) }),
      },
    ]),
  );
}
