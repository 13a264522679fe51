/** Open websockets per key (a project), each key up to `max`. Per replica: a socket is held by one. */
export class SocketQuota {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`: its release (idempotent), or undefined when the key already holds `max`. */
  take(key: string): (() => void) | undefined {
    const used = this.open.get(key) ?? 0;
    if (used >= this.max) return undefined;
    this.open.set(key, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left === 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
