import { describe, expect, it } from 'vitest';
import { timeWeightedMedian } from './timeWeightedMedian.ts';

describe('time-weighted median price', () => {
  it('is the price held for the middle of the time, however far another was pushed', () => {
    // 24 minutes at about 2000, then one 12 s block pushed to a thousandth, then 2 s until the quote.
    const periods = [
      { price: 2000, from: 0, to: 600 },
      { price: 2010, from: 600, to: 1440 },
      { price: 2, from: 1440, to: 1452 },
      { price: 1995, from: 1452, to: 1454 },
    ];
    expect(timeWeightedMedian(periods)).toBe(2010);
    expect(timeWeightedMedian([...periods, { price: 2_000_000, from: 1454, to: 1460 }])).toBe(2010);
  });

  it('follows a price held for more than half the time', () => {
    expect(timeWeightedMedian([{ price: 2000, from: 0, to: 100 }, { price: 500, from: 100, to: 201 }])).toBe(500);
  });

  it('leaves out the time before the pool had a price, and has none without any', () => {
    expect(timeWeightedMedian([{ price: 0, from: 0, to: 1000 }, { price: 2000, from: 1000, to: 1010 }])).toBe(2000);
    expect(timeWeightedMedian([{ price: 0, from: 0, to: 1000 }])).toBeUndefined();
    expect(timeWeightedMedian([])).toBeUndefined();
  });
});
