import { ChainUnavailableError } from '../chain/chainUnavailableError.ts';
import { JsonRpcError } from '../chain/jsonRpc.ts';

const TIMEOUT_MS = 10_000; // SPEC §9: JSON-RPC timeout 10000 ms

export interface SolanaRpc {
  readonly url: string;
  call<T>(method: string, params?: readonly unknown[]): Promise<T>;
}

/** One call per request: Solana nodes (Surfpool among them) need not answer batches. */
export function createSolanaRpc(url: string): SolanaRpc {
  let nextId = 1;
  return {
    url,
    async call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      let reply: { result?: T; error?: { code: number; message: string } };
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        reply = (await response.json()) as typeof reply;
      } catch (error) {
        throw new ChainUnavailableError(url, error);
      }
      if (reply.error) throw new JsonRpcError(reply.error.code, `${method}: ${reply.error.message}`);
      return reply.result as T;
    },
  };
}
