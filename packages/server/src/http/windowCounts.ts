/** A client's count in its current window, and the ms left of that window. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** Counts a hit for a key: at once in memory, or later from shared state (Redis). */
export type CountHit = (key: string) => WindowCount | Promise<WindowCount>;

/**
 * Fixed-window counts in this process's memory: a key's first hit opens its window of `windowMs`,
 * the count ends with it. A key's state is two numbers; at most `capacity` keys are kept, the one
 * whose window opened first dropped first (its window is the nearest to its end).
 */
export class WindowCounts {
  private readonly counts = new Map<string, { current: number; endsAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): WindowCount {
    const now = this.now();
    let count = this.counts.get(key);
    if (count === undefined || count.endsAt <= now) {
      // Set again, so the map's order stays the order windows opened in.
      this.counts.delete(key);
      count = { current: 0, endsAt: now + this.windowMs };
      this.counts.set(key, count);
      if (this.counts.size > this.capacity) this.counts.delete(this.counts.keys().next().value!);
    }
    count.current += 1;
    return { current: count.current, ttl: count.endsAt - now };
  }

  get size(): number {
    return this.counts.size;
  }
}
