/**
 * The fast lane's kept answers, by origin (`protocol://host`) and then by URL, at most `capacity`
 * of them, the one kept first dropped first. Two lookups, not one key made of both: the request's
 * URL (a fresh string of ~150 characters per request) is hashed as it is, where a key joined
 * from origin and URL had to be copied into one string first; that cost the lane ~0.8 µs a
 * request (issue 25).
 */
export class KeptAnswers<V> {
  private readonly byOrigin = new Map<string, Map<string, V>>();
  /** Every kept answer's origin and URL, in the order they were kept (only remembering and dropping read it). */
  private readonly order = new Map<string, [origin: string, url: string]>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.order.size;
  }

  get(origin: string, url: string): V | undefined {
    return this.byOrigin.get(origin)?.get(url);
  }

  set(origin: string, url: string, value: V): void {
    const key = orderKey(origin, url);
    if (!this.order.has(key) && this.order.size >= this.capacity) {
      const [oldestOrigin, oldestUrl] = this.order.values().next().value!;
      this.delete(oldestOrigin, oldestUrl);
    }
    let urls = this.byOrigin.get(origin);
    if (urls === undefined) this.byOrigin.set(origin, (urls = new Map()));
    urls.set(url, value);
    this.order.set(key, [origin, url]);
  }

  delete(origin: string, url: string): void {
    const urls = this.byOrigin.get(origin);
    if (urls === undefined || !urls.delete(url)) return;
    if (urls.size === 0) this.byOrigin.delete(origin);
    this.order.delete(orderKey(origin, url));
  }

  clear(): void {
    this.byOrigin.clear();
    this.order.clear();
  }
}

// Unambiguous: a URL holds no space (Node splits the request line at spaces), so the last space ends the origin.
const orderKey = (origin: string, url: string) => `${origin} ${url}`;
