import type { CacheBus } from './cacheBus.ts';
import { TtlCache } from './ttlCache.ts';

/**
 * What a cache holds: JSON values, or pending reads of them (promises) whose value is shared once
 * it resolves, unless a newer read replaced it meanwhile (a failed read is shared as nothing).
 */
type Holding = 'values' | 'reads';

/**
 * A TtlCache every replica holds alike: what one stores or drops, the others store (until the
 * same expiry) or drop too. Reads stay local and synchronous. Storing a new read drops the entry
 * everywhere at once: a forced refresh on one replica makes every replica's copy stale.
 */
export class SharedTtlCache<V> extends TtlCache<string, V> {
  constructor(
    private readonly name: string,
    ttlMs: number,
    private readonly bus: CacheBus,
    private readonly holding: Holding,
    maxEntries?: number,
  ) {
    super(ttlMs, maxEntries);
    bus.listen(
      name,
      ({ key, value, expiresAt }) => {
        if (value === undefined) super.delete(key);
        else super.setUntil(key, (holding === 'reads' ? Promise.resolve(value) : value) as V, expiresAt ?? 0);
      },
      () => this.clear(),
    );
  }

  override set(key: string, value: V): void {
    const expiresAt = this.expiryFromNow();
    super.setUntil(key, value, expiresAt);
    if (this.holding === 'values') return this.bus.announce({ cache: this.name, key, value, expiresAt });
    this.bus.announce({ cache: this.name, key });
    (value as Promise<unknown>).then(
      (resolved) => this.get(key) === value && this.bus.announce({ cache: this.name, key, value: resolved, expiresAt }),
      () => undefined,
    );
  }

  override delete(key: string): void {
    super.delete(key);
    this.bus.announce({ cache: this.name, key });
  }
}

/** A cache of values shared through the bus when there is one (REDIS_URL), else this process's own. */
export function valueCache<V>(bus: CacheBus | undefined, name: string, ttlMs: number, maxEntries?: number): TtlCache<string, V> {
  return bus ? new SharedTtlCache<V>(name, ttlMs, bus, 'values', maxEntries) : new TtlCache<string, V>(ttlMs, maxEntries);
}

/** The same for pending reads. */
export function readCache<V>(bus: CacheBus | undefined, name: string, ttlMs: number, maxEntries?: number): TtlCache<string, Promise<V>> {
  return bus ? new SharedTtlCache<Promise<V>>(name, ttlMs, bus, 'reads', maxEntries) : new TtlCache<string, Promise<V>>(ttlMs, maxEntries);
}
