import { describe, expect, it } from 'vitest';
import { keptLaneBody } from './keptLaneBody.ts';

/** Reads as the route keeps them: a promise per key, its value known once it has settled. */
function reads() {
  const cache = new Map<string, Promise<number>>();
  const values = new WeakMap<Promise<number>, number>();
  let made = 0;
  return {
    cache,
    read(key: string, value: number) {
      let settle!: () => void;
      const read = new Promise<number>((resolve) => (settle = () => (values.set(read, value), resolve(value))));
      cache.set(key, read);
      return settle;
    },
    body: keptLaneBody(
      ['a', 'b'],
      (key) => cache.get(key),
      (read) => (read === undefined ? undefined : values.get(read)),
      (numbers) => `body ${++made}: ${numbers.join(',')}`,
    ),
  };
}

describe('keptLaneBody', () => {
  it('has no body while a read is pending, and one once that same read settles (issue 25: before, the lane gave up on the URL until the cache expired)', () => {
    const kept = reads();
    kept.read('a', 1)();
    const settleB = kept.read('b', 2);
    expect(kept.body()).toBeUndefined();
    expect(kept.body()).toBeUndefined();
    settleB();
    expect(kept.body()).toBe('body 1: 1,2');
  });

  it('makes the body once while the reads stay the same, again when one changes, none when one expires', () => {
    const kept = reads();
    kept.read('a', 1)();
    kept.read('b', 2)();
    const first = kept.body();
    expect(first).toBe('body 1: 1,2');
    expect(kept.body()).toBe(first);
    kept.read('b', 3)();
    expect(kept.body()).toBe('body 2: 1,3');
    kept.cache.delete('a');
    expect(kept.body()).toBeUndefined();
  });
});
