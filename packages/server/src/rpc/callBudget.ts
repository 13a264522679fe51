const WINDOW_MS = 60_000;

/**
 * Calls per minute per key (a client network, a project), a batch's calls each counted: a batch
 * of a hundred costs a node what a hundred requests do. Fixed one-minute windows, each starting
 * at its key's first call; at most `maxKeys` keys are remembered (the least recently used go).
 */
export class CallBudget {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxKeys = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `calls` against `key`; over the budget, counts nothing and returns the seconds until the window ends. */
  take(key: string, calls: number): number | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    this.windows.delete(key);
    if (!window || now - window.start >= WINDOW_MS) window = { start: now, count: 0 };
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    if (window.count + calls > this.perMinute) return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    window.count += calls;
    return undefined;
  }
}
