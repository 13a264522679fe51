import { AnswerCache } from './answerCache.ts';
import { answerLifetime, isFinalAnswer } from './answerLifetime.ts';
import { readFilterId, tagFilterId } from './filterIds.ts';
import { RPC_ERRORS, type RpcCall } from './rpcMessages.ts';
import type { RpcNamespace } from './servedMethods.ts';
import { UpstreamsDownError, type UpstreamPool } from './upstreamPool.ts';

/** A chain the proxy serves. */
export interface RpcChain {
  /** CAIP-2 id, e.g. eip155:31337. */
  caip2: string;
  namespace: RpcNamespace;
  upstreams: UpstreamPool;
  /** The node's websocket URLs in failover order (RPC_WS_URL_*); none: no subscriptions on this chain. */
  wsUrls: readonly string[];
  /** How long eth_blockNumber and eth_gasPrice answers are kept. */
  blockTimeMs: number;
  /** The node answers batches (Surfpool and chopsticks need not: their calls go one by one, at once). */
  upstreamBatches: boolean;
}

/** A node's answer to one call: the JSON text of its result or of its error object, as the node sent it. */
export type Outcome = { kind: 'result' | 'error'; json: string };

const FOREVER_MS = 24 * 3600_000;

/**
 * Filters belong to whoever made them (two makers must get two filters, two pollers of one filter
 * each read its changes) and to the node that made them (see filterIds.ts): each goes on its own,
 * never shared with an identical call in flight.
 */
const FILTER_MAKERS = new Set(['eth_newFilter', 'eth_newBlockFilter']);
const FILTER_USERS = new Set(['eth_getFilterChanges', 'eth_getFilterLogs', 'eth_uninstallFilter']);

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

  const single = (call: Pick<RpcCall, 'method' | 'params'>) => JSON.stringify({ jsonrpc: '2.0', id: 0, method: call.method, params: call.params });

  /**
   * A filter call: a new filter's id names the upstream that made it; its later calls go to that
   * upstream alone. When that node is down the filter is gone with it: the client is told
   * "filter not found" (as a node says of an expired filter), and makes a new one, on the next upstream.
   */
  async function filterCall(chain: RpcChain, call: RpcCall): Promise<Outcome> {
    if (FILTER_MAKERS.has(call.method)) {
      const { answer, upstream } = await chain.upstreams.post(single(call));
      const { outcome, result } = outcomeOf(answer);
      if (outcome.kind === 'error') return outcome;
      const id = tagFilterId(result, upstream);
      return id === undefined ? { kind: 'error', json: JSON.stringify(RPC_ERRORS.noAnswer()) } : { kind: 'result', json: JSON.stringify(id) };
    }
    const [tagged, ...rest] = Array.isArray(call.params) ? (call.params as unknown[]) : [];
    const filter = readFilterId(tagged);
    if (!filter) return { kind: 'error', json: JSON.stringify(RPC_ERRORS.filterNotFound()) };
    try {
      const { answer } = await chain.upstreams.post(single({ method: call.method, params: [filter.id, ...rest] }), filter.upstream);
      return outcomeOf(answer).outcome;
    } catch (error) {
      if (error instanceof UpstreamsDownError) return { kind: 'error', json: JSON.stringify(RPC_ERRORS.filterNotFound()) };
      throw error;
    }
  }

  async function sendBatch(chain: RpcChain, pending: Pending[]): Promise<void> {
    const body = JSON.stringify(pending.map(({ call }, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params })));
    const { answer } = await chain.upstreams.post(body);
    // A node that refuses the whole batch answers one error object: it is every call's answer.
    const replies = Array.isArray(answer) ? new Map(answer.map((reply: { id?: unknown }) => [reply?.id, reply])) : undefined;
    pending.forEach((entry, id) => {
      const { outcome, result } = outcomeOf(replies ? replies.get(id) : answer);
      remember(chain, entry.call, entry.key, outcome, result);
      entry.settle(outcome);
    });
  }

  async function sendOne(chain: RpcChain, entry: Pending): Promise<void> {
    const { answer } = await chain.upstreams.post(single(entry.call));
    const { outcome, result } = outcomeOf(answer);
    remember(chain, entry.call, entry.key, outcome, result);
    entry.settle(outcome);
  }

  return {
    /** The outcome of each call, in order. Rejects with UpstreamsDownError when a call needed a node and none answered. */
    async answer(chain: RpcChain, calls: readonly RpcCall[]): Promise<Outcome[]> {
      const pending: Pending[] = [];
      const outcomes = calls.map((call): Promise<Outcome> => {
        if (FILTER_MAKERS.has(call.method) || FILTER_USERS.has(call.method)) return filterCall(chain, call);
        const key = `${chain.caip2} ${call.method} ${JSON.stringify(call.params)}`;
        if (answerLifetime(chain.namespace, call.method, call.params)) {
          const kept = cache.get(key);
          if (kept !== undefined) return Promise.resolve({ kind: 'result', json: kept });
        }
        const underway = inFlight.get(key);
        if (underway) return underway;
        const promise = new Promise<Outcome>((settle, fail) => pending.push({ call, key, settle, fail }));
        inFlight.set(key, promise);
        const forget = () => inFlight.get(key) === promise && inFlight.delete(key);
        promise.then(forget, forget);
        return promise;
      });
      const all = Promise.all(outcomes);
      // A filter call may fail while the others are on their way: the caller hears of it from `all`.
      all.catch(() => undefined);
      if (pending.length > 0) {
        const sent = chain.upstreamBatches && pending.length > 1 ? sendBatch(chain, pending) : Promise.all(pending.map((entry) => sendOne(chain, entry)));
        await sent.catch((error: unknown) => {
          for (const entry of pending) entry.fail(error);
        });
      }
      return all;
    },
  };
}

export type RpcForwarder = ReturnType<typeof createRpcForwarder>;
