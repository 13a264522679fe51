interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms, the relay's clock). */
  at: number;
}

/**
 * Publishes per client, as token buckets: each client may publish `burst` messages at once, then
 * `perSecond` on average. Keyed by the client's JWT key, so opening more connections buys nothing.
 */
export class PublishRate {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {}

  /** Takes `count` publishes from the client's allowance; false (taking nothing) when it has fewer left. */
  take(clientId: string, count: number): boolean {
    const bucket = this.current(clientId);
    if (bucket.tokens < count) return false;
    bucket.tokens -= count;
    this.buckets.set(clientId, bucket);
    return true;
  }

  /** Forgets clients whose allowance is whole again (they are as if never seen). */
  sweep(): void {
    for (const clientId of this.buckets.keys()) {
      if (this.current(clientId).tokens >= this.burst) this.buckets.delete(clientId);
    }
  }

  get size(): number {
    return this.buckets.size;
  }

  private current(clientId: string): Bucket {
    const now = this.now();
    const bucket = this.buckets.get(clientId);
    if (!bucket) return { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.at) * this.perSecond) / 1000);
    bucket.at = now;
    return bucket;
  }
}
