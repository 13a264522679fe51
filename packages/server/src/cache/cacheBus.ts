/** A cache entry one replica stored (`value`, kept until `expiresAt`) or dropped (no value). */
export type CacheChange = { cache: string; key: string; value?: unknown; expiresAt?: number };

/**
 * How the replicas' caches stay one cache (REDIS_URL): each tells the others what it stored or
 * dropped. Without it (one process) a cache is simply that process's.
 */
export interface CacheBus {
  announce(change: CacheChange): void;
  /** `apply` gets the other replicas' changes to the named cache; `reset` runs when changes may have been missed (Redis was away). */
  listen(cache: string, apply: (change: CacheChange) => void, reset: () => void): void;
}
