import { describe, expect, it } from 'vitest';
import { nextPageWaitMs, PAGING_RESERVE, readRequestBudget } from './requestBudget.ts';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe("the server's request budget", () => {
  it('reads what is left and when the window starts again', () => {
    expect(readRequestBudget(headers({ 'x-ratelimit-remaining': '42', 'x-ratelimit-reset': '17' }))).toEqual({ remaining: 42, resetMs: 17_000 });
  });

  it('reads nothing from an answer without the headers or with bad ones', () => {
    expect(readRequestBudget(headers({}))).toBeUndefined();
    expect(readRequestBudget(headers({ 'x-ratelimit-remaining': '5' }))).toBeUndefined();
    expect(readRequestBudget(headers({ 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '3' }))).toBeUndefined();
    expect(readRequestBudget(headers({ 'x-ratelimit-remaining': 'many', 'x-ratelimit-reset': '3' }))).toBeUndefined();
  });

  it('believes a reset of at most a minute, the length of the window', () => {
    expect(readRequestBudget(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '86400' }))?.resetMs).toBe(60_000);
  });
});

describe('when All Wallets asks for its next page (issue 29)', () => {
  it('asks at once while the budget is above the reserve, or when the server reports none', () => {
    expect(nextPageWaitMs({ remaining: PAGING_RESERVE + 1, resetMs: 40_000 }, 0)).toBe(0);
    expect(nextPageWaitMs(undefined, 0)).toBe(0);
  });

  it('waits for the window to start again once only the reserve is left', () => {
    expect(nextPageWaitMs({ remaining: PAGING_RESERVE, resetMs: 40_000 }, 0)).toBe(40_000);
    expect(nextPageWaitMs({ remaining: 0, resetMs: 40_000 }, 15_000)).toBe(25_000);
    expect(nextPageWaitMs({ remaining: 3, resetMs: 40_000 }, 45_000)).toBe(0);
  });

  it('keeps the reserve it is given', () => {
    expect(nextPageWaitMs({ remaining: 10, resetMs: 5_000 }, 0, 5)).toBe(0);
    expect(nextPageWaitMs({ remaining: 5, resetMs: 5_000 }, 0, 5)).toBe(5_000);
  });
});
