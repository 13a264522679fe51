/** A map whose entries expire `ttlMs` after they are set. Bounded: the oldest entries go first. */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.setUntil(key, value, this.now() + this.ttlMs);
  }

  /** Keeps the value until `expiresAt` (ms since the epoch): another replica's entry keeps its own expiry. */
  setUntil(key: K, value: V, expiresAt: number): void {
    this.entries.delete(key);
    if (expiresAt <= this.now()) return;
    this.entries.set(key, { value, expiresAt });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** When an entry set now expires. */
  expiryFromNow(): number {
    return this.now() + this.ttlMs;
  }

  clear(): void {
    this.entries.clear();
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
