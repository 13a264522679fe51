import { AnswerCache } from './answerCache.ts';
import { answerLifetime, isFinalAnswer } from './answerLifetime.ts';
import { RPC_ERRORS, type RpcCall } from './rpcMessages.ts';
import type { RpcNamespace } from './servedMethods.ts';
import type { UpstreamPool } from './upstreamPool.ts';

/** A chain the proxy serves. */
export interface RpcChain {
  /** CAIP-2 id, e.g. eip155:31337. */
  caip2: string;
  namespace: RpcNamespace;
  upstreams: UpstreamPool;
  /** How long eth_blockNumber and eth_gasPrice answers are kept. */
  blockTimeMs: number;
  /** The node answers batches (Surfpool and chopsticks need not: their calls go one by one, at once). */
  upstreamBatches: boolean;
}

/** A node's answer to one call: the JSON text of its result or of its error object, as the node sent it. */
export type Outcome = { kind: 'result' | 'error'; json: string };

const FOREVER_MS = 24 * 3600_000;

/**
 * Filters belong to whoever made them: two makers must get two filters, and two pollers of one
 * filter each read its changes. Every other served call may share an identical one in flight.
 */
const UNSHARED = new Set(['eth_newFilter', 'eth_newBlockFilter', 'eth_getFilterChanges', 'eth_uninstallFilter']);

type Pending = { call: RpcCall; key: string; settle(outcome: Outcome): void; fail(error: unknown): void };

/**
 * Answers served calls from the cache, from an identical call already on its way to the node, or
 * from the node: the rest of a request's calls go upstream together (one batch where the node
 * takes batches). A node's error object is passed back as it came.
 */
export function createRpcForwarder(cache: AnswerCache) {
  const inFlight = new Map<string, Promise<Outcome>>();

  function remember(chain: RpcChain, call: RpcCall, key: string, outcome: Outcome, result: unknown): void {
    if (outcome.kind !== 'result') return;
    const lifetime = answerLifetime(chain.namespace, call.method, call.params);
    if (lifetime === 'block') cache.set(key, outcome.json, chain.blockTimeMs);
    else if (lifetime === 'forever' && isFinalAnswer(call.method, result)) cache.set(key, outcome.json, FOREVER_MS);
  }

  function outcomeOf(reply: unknown): { outcome: Outcome; result?: unknown } {
    if (typeof reply === 'object' && reply !== null) {
      const { result, error } = reply as { result?: unknown; error?: unknown };
      if (typeof error === 'object' && error !== null) return { outcome: { kind: 'error', json: JSON.stringify(error) } };
      if ('result' in reply) return { outcome: { kind: 'result', json: JSON.stringify(result ?? null) }, result };
    }
    return { outcome: { kind: 'error', json: JSON.stringify(RPC_ERRORS.noAnswer()) } };
  }

  async function sendBatch(chain: RpcChain, pending: Pending[]): Promise<void> {
    const body = JSON.stringify(pending.map(({ call }, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params })));
    const answer = await chain.upstreams.post(body);
    // A node that refuses the whole batch answers one error object: it is every call's answer.
    const replies = Array.isArray(answer) ? new Map(answer.map((reply: { id?: unknown }) => [reply?.id, reply])) : undefined;
    pending.forEach((entry, id) => {
      const { outcome, result } = outcomeOf(replies ? replies.get(id) : answer);
      remember(chain, entry.call, entry.key, outcome, result);
      entry.settle(outcome);
    });
  }

  async function sendOne(chain: RpcChain, entry: Pending): Promise<void> {
    const answer = await chain.upstreams.post(JSON.stringify({ jsonrpc: '2.0', id: 0, method: entry.call.method, params: entry.call.params }));
    const { outcome, result } = outcomeOf(answer);
    remember(chain, entry.call, entry.key, outcome, result);
    entry.settle(outcome);
  }

  return {
    /** The outcome of each call, in order. Rejects with UpstreamsDownError when a call needed a node and none answered. */
    async answer(chain: RpcChain, calls: readonly RpcCall[]): Promise<Outcome[]> {
      const pending: Pending[] = [];
      const outcomes = calls.map((call): Promise<Outcome> => {
        const key = `${chain.caip2} ${call.method} ${JSON.stringify(call.params)}`;
        if (answerLifetime(chain.namespace, call.method, call.params)) {
          const kept = cache.get(key);
          if (kept !== undefined) return Promise.resolve({ kind: 'result', json: kept });
        }
        const shared = !UNSHARED.has(call.method);
        const underway = shared ? inFlight.get(key) : undefined;
        if (underway) return underway;
        const promise = new Promise<Outcome>((settle, fail) => pending.push({ call, key, settle, fail }));
        if (shared) {
          inFlight.set(key, promise);
          const forget = () => inFlight.get(key) === promise && inFlight.delete(key);
          promise.then(forget, forget);
        }
        return promise;
      });
      if (pending.length > 0) {
        const sent = chain.upstreamBatches && pending.length > 1 ? sendBatch(chain, pending) : Promise.all(pending.map((entry) => sendOne(chain, entry)));
        await sent.catch((error: unknown) => {
          for (const entry of pending) entry.fail(error);
        });
      }
      return Promise.all(outcomes);
    },
  };
}

export type RpcForwarder = ReturnType<typeof createRpcForwarder>;
