import type { SolanaChainConfig } from '../config.ts';
import { createSolanaRpc, type SolanaRpc } from './solanaRpc.ts';

export interface SolanaChainContext {
  config: SolanaChainConfig;
  /** CAIP-2 id, e.g. solana:localnet. */
  caip2: string;
  rpc: SolanaRpc;
}

export function createSolanaChainContexts(chains: readonly SolanaChainConfig[]): Map<string, SolanaChainContext> {
  return new Map(
    chains.map((config) => {
      const caip2 = `solana:${config.reference}`;
      return [caip2, { config, caip2, rpc: createSolanaRpc(config.rpcUrl) }];
    }),
  );
}
