import { describe, expect, it } from 'vitest';
import { QUERY_GC_MS } from '../constants.ts';
import { HttpError } from '../http.ts';
import { createQueryCache, queryRetryDelay } from './queryCache.ts';

function setup() {
  let time = 1_000_000;
  const waits: number[] = [];
  const cache = createQueryCache({ now: () => time, wait: async (ms) => void waits.push(ms) });
  return { cache, waits, advance: (ms: number) => (time += ms) };
}

/** A read that answers its call number, after failing the first `failures` calls with `error`. */
function counted(failures = 0, error: unknown = new TypeError('Failed to fetch')) {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      if (calls <= failures) throw error;
      return calls;
    },
    calls: () => calls,
  };
}

describe('query cache (SPEC §9)', () => {
  it('serves an answer within its lifetime and reads again after it', async () => {
    const { cache, advance } = setup();
    const source = counted();
    expect(await cache.read('balance', source.read, { staleMs: 30_000 })).toBe(1);
    advance(29_999);
    expect(await cache.read('balance', source.read, { staleMs: 30_000 })).toBe(1);
    advance(1);
    expect(await cache.read('balance', source.read, { staleMs: 30_000 })).toBe(2);
  });

  it('shares one read in flight between identical asks, and force starts its own', async () => {
    const { cache } = setup();
    const source = counted();
    const [a, b] = [cache.read('k', source.read, { staleMs: 0 }), cache.read('k', source.read, { staleMs: 0 })];
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    const older = cache.read('k', source.read, { staleMs: 0 });
    const forced = cache.read('k', source.read, { staleMs: 60_000, force: true });
    expect([await older, await forced]).toEqual([2, 3]);
    // The forced (later) read's answer is the one kept, though the older one ended too.
    expect(await cache.read('k', source.read, { staleMs: 60_000 })).toBe(3);
  });

  it('retries a transient failure 3 times, waiting 1 s, 2 s, 4 s', async () => {
    const { cache, waits } = setup();
    const source = counted(3);
    expect(await cache.read('k', source.read, { staleMs: 0 })).toBe(4);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    const failing = counted(10);
    await expect(cache.read('other', failing.read, { staleMs: 0 })).rejects.toThrow('Failed to fetch');
    expect(failing.calls()).toBe(4);
  });

  it('doubles the wait up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("does not retry a server's plain refusal, nor a read with a failure rule of its own", async () => {
    const { cache, waits } = setup();
    const notFound = counted(1, new HttpError(404));
    await expect(cache.read('a', notFound.read, { staleMs: 0 })).rejects.toThrow('HTTP status code: 404');
    const unavailable = counted(1, new HttpError(503));
    expect(await cache.read('b', unavailable.read, { staleMs: 0 })).toBe(2);
    const ownRule = counted(1);
    await expect(cache.read('c', ownRule.read, { staleMs: 0, retries: 0 })).rejects.toThrow();
    expect([notFound.calls(), unavailable.calls(), ownRule.calls(), waits]).toEqual([1, 2, 1, [1_000]]);
  });

  it('keeps no failed answer: the next ask reads again', async () => {
    const { cache } = setup();
    const source = counted(1, new HttpError(400));
    await expect(cache.read('k', source.read, { staleMs: 60_000 })).rejects.toThrow();
    expect(await cache.read('k', source.read, { staleMs: 60_000 })).toBe(2);
  });

  it('invalidate makes the next ask read again, past a read in flight', async () => {
    const { cache } = setup();
    const source = counted();
    await cache.read('history:0xabc:eip155:1', source.read, { staleMs: 60_000 });
    await cache.read('history:0xdef:eip155:1', source.read, { staleMs: 60_000 });
    const before = cache.read('history:0xabc:eip155:1', source.read, { staleMs: 60_000, force: true });
    cache.invalidate('history:0xabc');
    expect(await cache.read('history:0xabc:eip155:1', source.read, { staleMs: 60_000 })).toBe(4);
    expect(await before).toBe(3);
    expect(await cache.read('history:0xabc:eip155:1', source.read, { staleMs: 60_000 })).toBe(4);
    expect(await cache.read('history:0xdef:eip155:1', source.read, { staleMs: 60_000 })).toBe(2);
  });

  it('drops an answer no one asked for in 5 minutes', async () => {
    const { cache, advance } = setup();
    const source = counted();
    await cache.read('old', source.read, { staleMs: 10 * QUERY_GC_MS });
    advance(QUERY_GC_MS - 1);
    await cache.read('recent', source.read, { staleMs: 0 });
    expect(cache.size()).toBe(2);
    advance(1);
    await cache.read('recent', source.read, { staleMs: 0 });
    expect(cache.size()).toBe(1);
    expect(QUERY_GC_MS).toBe(300_000);
  });
});
