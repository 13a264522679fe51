import { describe, expect, it } from 'vitest';
import { CallBudget } from './callBudget.ts';

describe('CallBudget', () => {
  it('counts a batch by its calls and names the seconds left when over', () => {
    let now = 0;
    const budget = new CallBudget(10, 100, () => now);
    expect(budget.take('net', 8)).toBeUndefined();
    now = 15_000;
    expect(budget.take('net', 3)).toBe(45);
    expect(budget.take('net', 2)).toBeUndefined();
    expect(budget.take('other', 10)).toBeUndefined();
    now = 60_000;
    expect(budget.take('net', 10)).toBeUndefined();
  });

  it('remembers a bounded number of keys', () => {
    const budget = new CallBudget(1, 2, () => 0);
    expect(budget.take('a', 1)).toBeUndefined();
    expect(budget.take('a', 1)).toBe(60);
    budget.take('b', 1);
    budget.take('c', 1);
    // 'a' was the least recently used: forgotten, it starts again.
    expect(budget.take('a', 1)).toBeUndefined();
  });
});
