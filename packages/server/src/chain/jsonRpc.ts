/** Plain JSON-RPC over fetch, with batches: the indexer reads many blocks per round trip. */
import { ChainUnavailableError } from './chainUnavailableError.ts';

type RpcReply = { id: number; result?: unknown; error?: { code: number; message: string } };

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export type RpcCall = { method: string; params?: unknown[] };

export interface JsonRpcClient {
  readonly url: string;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Sends every call in one HTTP request; the results come back in the order of the calls. */
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
  /** Like batch, but a call's JSON-RPC error (e.g. a reverting eth_call) is its result, not a throw. */
  batchSettled(calls: readonly RpcCall[]): Promise<(unknown | JsonRpcError)[]>;
}

const TIMEOUT_MS = 10_000; // SPEC §9: JSON-RPC timeout 10000 ms
const MAX_BATCH = 1000; // SPEC §9: batch size 1000

/** Posts a JSON-RPC body to `url` and parses the answer (a status other than 2xx is a failure). */
async function postTo(url: string, body: string): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * A client of the node at `url` (named in errors as the chain's node), or of whatever `post`
 * reaches: the server's chains post through their upstream pool, with failover.
 */
export function createJsonRpcClient(url: string, post: (body: string) => Promise<unknown> = (body) => postTo(url, body)): JsonRpcClient {
  let nextId = 1;
  async function send(calls: readonly RpcCall[]): Promise<(unknown | JsonRpcError)[]> {
    const body = calls.map(({ method, params = [] }) => ({ jsonrpc: '2.0', id: nextId++, method, params }));
    let replies: RpcReply[];
    try {
      replies = (await post(JSON.stringify(body))) as RpcReply[];
    } catch (error) {
      throw new ChainUnavailableError(url, error);
    }
    if (!Array.isArray(replies)) throw new ChainUnavailableError(url, 'the batch was not answered with an array');
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    return body.map(({ id, method }) => {
      const reply = byId.get(id);
      if (!reply) throw new Error(`RPC ${url} sent no reply to ${method}`);
      return reply.error ? new JsonRpcError(reply.error.code, `${method}: ${reply.error.message}`) : reply.result;
    });
  }
  async function sendAll(calls: readonly RpcCall[]): Promise<(unknown | JsonRpcError)[]> {
    const results: unknown[] = [];
    if (calls.length === 0) return results;
    for (let start = 0; start < calls.length; start += MAX_BATCH) results.push(...(await send(calls.slice(start, start + MAX_BATCH))));
    return results;
  }
  const orThrow = (result: unknown) => {
    if (result instanceof JsonRpcError) throw result;
    return result;
  };
  return {
    url,
    async call<T>(method: string, params: unknown[] = []) {
      const [result] = await send([{ method, params }]);
      return orThrow(result) as T;
    },
    async batch(calls) {
      return (await sendAll(calls)).map(orThrow);
    },
    batchSettled: sendAll,
  };
}
