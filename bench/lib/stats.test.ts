import { describe as suite, expect, it } from 'vitest';
import { describe, median, percentile } from './stats.ts';

suite('run statistics', () => {
  it('takes the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('counts runs without a value instead of dropping them silently', () => {
    expect(describe([3, null, 1, 2])).toEqual({ median: 2, min: 1, max: 3, count: 3, runs: 4 });
  });
});

suite('percentile', () => {
  it('takes the nearest rank of a sorted list', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2], 0)).toBe(1);
  });
});
