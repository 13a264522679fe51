/**
 * The fast lane's body for a URL whose answer is made of cached reads (one per key): the answer
 * while every key's read is cached and settled, else undefined. Made again only when a key's read
 * changed (a new read, an expiry) or while there is no body yet: asked per request, it was two lists
 * and three lookups each time (issue 25, s26), and a read still pending when last asked is the same
 * promise once it settles (before, the lane gave up on that URL until the cache expired).
 */
export function keptLaneBody<V>(
  keys: readonly string[],
  cached: (key: string) => Promise<V> | undefined,
  settled: (read: Promise<V> | undefined) => V | undefined,
  bodyOf: (values: V[]) => string,
): () => string | undefined {
  const reads: (Promise<V> | undefined)[] = [];
  let body: string | undefined;
  return () => {
    let changed = false;
    for (let i = 0; i < keys.length; i++) {
      const now = cached(keys[i]!);
      if (now !== reads[i] || now === undefined) {
        reads[i] = now;
        changed = true;
      }
    }
    if (changed || body === undefined) {
      const values = reads.map((now) => settled(now));
      body = values.every((value): value is V => value !== undefined) ? bodyOf(values) : undefined;
    }
    return body;
  };
}
