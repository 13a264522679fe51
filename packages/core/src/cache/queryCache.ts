import { HTTP_RETRY_STATUSES, QUERY_GC_MS, QUERY_RETRIES, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS } from '../constants.ts';
import type { CairnContext } from '../context.ts';
import { HttpError } from '../http.ts';

// Hand-written rather than @tanstack/query-core (MIT): its QueryClient is 7.4 kB gzip, two thirds
// of the actions chunk it would join, and a returning visitor's reconnect fetches that chunk on
// load. The widget needs none of its observers, focus or online managers: only SPEC §9's
// lifetimes, retry and collection, below (889 B gzip).

export interface QueryReadOptions {
  /** How long an answer is served without asking again (SPEC §9's lifetimes); 0: only shared while in flight. */
  staleMs: number;
  /** Past the cache and past a read already in flight (SPEC §7 forceUpdate, the visitor's own transaction). */
  force?: boolean;
  /** Retries after a transient failure; SPEC §9's 3 unless the read has a failure rule of its own. */
  retries?: number;
}

export interface QueryCache {
  /** The answer for `key`: a fresh one from the cache, the read in flight, or a new read of `fetch`. */
  read<T>(key: string, fetch: () => Promise<T>, options: QueryReadOptions): Promise<T>;
  /** Every answer whose key starts with `prefix` is read again next time, and a read in flight is not joined. */
  invalidate(prefix: string): void;
  /** How many answers are kept (the garbage collection's test reads it). */
  size(): number;
}

type Entry = { data?: unknown; at?: number; inFlight?: Promise<unknown>; usedAt: number };

/** SPEC §9: 1 s, 2 s, 4 s, ... never more than 30 s. */
export const queryRetryDelay = (retry: number) => Math.min(QUERY_RETRY_BASE_MS * 2 ** retry, QUERY_RETRY_MAX_MS);

/**
 * A failure that may pass: the network, a timeout, or a status the HTTP client retries. A server's
 * plain answer (404, a body of the wrong shape) would be the same the next time.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof HttpError) return HTTP_RETRY_STATUSES.includes(error.status);
  const name = (error as { name?: unknown } | null)?.name;
  return error instanceof TypeError || name === 'AbortError' || name === 'TimeoutError';
}

export function createQueryCache({ now, wait }: { now: () => number; wait: (ms: number) => Promise<void> }): QueryCache {
  const entries = new Map<string, Entry>();
  // SPEC §9: collected when read, not by a timer: an idle page keeps no timer running.
  const collect = () => {
    const cutoff = now() - QUERY_GC_MS;
    for (const [key, entry] of entries) if (!entry.inFlight && entry.usedAt <= cutoff) entries.delete(key);
  };
  const withRetries = async <T>(fetch: () => Promise<T>, retries: number): Promise<T> => {
    for (let retry = 0; ; retry += 1) {
      try {
        return await fetch();
      } catch (error) {
        if (retry >= retries || !isTransientFailure(error)) throw error;
        await wait(queryRetryDelay(retry));
      }
    }
  };
  return {
    read<T>(key: string, fetch: () => Promise<T>, { staleMs, force = false, retries = QUERY_RETRIES }: QueryReadOptions): Promise<T> {
      collect();
      const entry: Entry = entries.get(key) ?? { usedAt: now() };
      entry.usedAt = now();
      entries.set(key, entry);
      if (!force && entry.at !== undefined && now() - entry.at < staleMs) return Promise.resolve(entry.data as T);
      if (!force && entry.inFlight) return entry.inFlight as Promise<T>;
      const inFlight = withRetries(fetch, retries);
      entry.inFlight = inFlight;
      // Only the latest read writes the answer: a forced read is not overwritten by an older one ending after it.
      const settle = (data?: { value: T }) => {
        if (entry.inFlight !== inFlight) return;
        entry.inFlight = undefined;
        if (data) Object.assign(entry, { data: data.value, at: now() });
      };
      inFlight.then((value) => settle({ value }), () => settle());
      return inFlight;
    },
    invalidate(prefix) {
      for (const [key, entry] of entries) {
        if (!key.startsWith(prefix)) continue;
        entry.at = undefined;
        entry.inFlight = undefined;
      }
    },
    size: () => entries.size,
  };
}

/** The keys of the widget's reads; `invalidate` takes a key or the start of one. */
export const queryKey = {
  balance: (portfolioKey: string) => `balance:${portfolioKey}`,
  identity: (address: string) => `identity:${address.toLowerCase()}`,
  ownNames: (address: string) => `names:reverse:${address.toLowerCase()}`,
  resolvedName: (name: string) => `names:resolve:${name}`,
  nameSuggestions: (label: string) => `names:suggestions:${label}`,
  history: (account?: string, chainId?: string, cursor?: string) =>
    account === undefined ? 'history:' : `history:${account.toLowerCase()}:${chainId ?? ''}:${cursor ?? ''}`,
  /** Under `history:`, so what invalidates the history invalidates the purchases too (`|`: never in a cursor). */
  onrampPurchases: (account: string, chainId: string) => `history:${account.toLowerCase()}:${chainId}|onramp`,
  gasPrice: (chainId: string) => `gasPrice:${chainId}`,
} as const;

const caches = new WeakMap<CairnContext, QueryCache>();

/** The widget's query cache: one per Cairn instance, on its clock. */
export function queryCacheOf(ctx: CairnContext): QueryCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createQueryCache({ now: () => ctx.now(), wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    caches.set(ctx, cache);
  }
  return cache;
}
