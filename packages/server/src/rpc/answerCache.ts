/**
 * Node answers kept in a fixed memory budget: each entry is weighed by its JSON length (about its
 * size in memory), the least recently used go first, and an entry expires at its own time. An
 * answer larger than a sixteenth of the budget is not kept, so one huge block cannot empty it.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { json: string; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer's JSON text, or undefined when none is kept or it has expired. */
  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.json.length + key.length;
    return entry.json;
  }

  set(key: string, json: string, ttlMs: number): void {
    const size = json.length + key.length;
    if (ttlMs <= 0 || size > this.maxBytes / 16) return;
    this.remove(key);
    this.entries.set(key, { json, expiresAt: this.now() + ttlMs });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.json.length + oldest.length;
    }
  }

  /** Bytes held now (for tests and metrics). */
  get size(): number {
    return this.bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.json.length + key.length;
  }
}
