import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answerCache.ts';

describe('AnswerCache', () => {
  it('serves an answer until its own lifetime ends', () => {
    let now = 0;
    const cache = new AnswerCache(10_000, () => now);
    cache.set('a', '"0x1"', 1000);
    now = 999;
    expect(cache.get('a')).toBe('"0x1"');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its byte budget, the least recently used first out', () => {
    // Each entry weighs about 124 bytes: 16 fit.
    const cache = new AnswerCache(2000);
    const answer = (n: number) => `"${String(n).padEnd(120, 'x')}"`;
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, answer(i), 60_000);
    expect(cache.get('k0')).toBe(answer(0));
    for (let i = 10; i < 20; i++) cache.set(`k${i}`, answer(i), 60_000);
    expect(cache.size).toBeLessThanOrEqual(2000);
    expect(cache.get('k0')).toBe(answer(0));
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k19')).toBe(answer(19));
  });

  it('does not keep an answer larger than a sixteenth of the budget', () => {
    const cache = new AnswerCache(1600);
    cache.set('big', `"${'x'.repeat(200)}"`, 60_000);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
