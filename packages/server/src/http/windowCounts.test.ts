import { describe, expect, it } from 'vitest';
import { WindowCounts } from './windowCounts.ts';

describe('WindowCounts', () => {
  it("counts a key's hits in the window its first hit opened, and starts again after it", () => {
    let now = 1_000;
    const counts = new WindowCounts(60_000, 10, () => now);
    expect(counts.hit('a')).toEqual({ current: 1, ttl: 60_000 });
    now += 20_000;
    expect(counts.hit('a')).toEqual({ current: 2, ttl: 40_000 });
    expect(counts.hit('b')).toEqual({ current: 1, ttl: 60_000 });
    now += 40_000;
    expect(counts.hit('a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most its capacity of keys, dropping the one whose window opened first', () => {
    let now = 0;
    const counts = new WindowCounts(60_000, 2, () => now);
    counts.hit('first');
    now += 1;
    counts.hit('second');
    counts.hit('first');
    now += 1;
    counts.hit('third');
    expect(counts.size).toBe(2);
    // 'second' is still counted; 'first' was dropped and counts from 1 again.
    expect(counts.hit('second').current).toBe(2);
    expect(counts.hit('first').current).toBe(1);
  });
});
