import { describe, expect, it } from 'vitest';
import { keyTarget, rowWindow, scrollTopToReveal } from './VirtualList.window.ts';

describe('virtual list window', () => {
  it('renders the visible rows plus the overscan, clamped to the list', () => {
    expect(rowWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 68, count: 10_000, overscan: 4 })).toEqual({ start: 0, end: 11 });
    expect(rowWindow({ scrollTop: 68 * 5000 + 30, viewportHeight: 400, rowHeight: 68, count: 10_000, overscan: 4 })).toEqual({ start: 4996, end: 5011 });
    expect(rowWindow({ scrollTop: 68 * 9998, viewportHeight: 400, rowHeight: 68, count: 10_000, overscan: 4 })).toEqual({ start: 9994, end: 10_000 });
  });

  it('renders nothing for an empty list and stays sane past the end (a list that shrank)', () => {
    expect(rowWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 68, count: 0, overscan: 4 })).toEqual({ start: 0, end: 0 });
    expect(rowWindow({ scrollTop: 68 * 500, viewportHeight: 400, rowHeight: 68, count: 3, overscan: 4 })).toEqual({ start: 0, end: 3 });
  });

  it('scrolls a focused row into view only when it is not', () => {
    expect(scrollTopToReveal({ index: 3, scrollTop: 0, viewportHeight: 400, rowHeight: 68 })).toBeUndefined();
    expect(scrollTopToReveal({ index: 10, scrollTop: 0, viewportHeight: 400, rowHeight: 68 })).toBe(11 * 68 - 400);
    expect(scrollTopToReveal({ index: 2, scrollTop: 500, viewportHeight: 400, rowHeight: 68 })).toBe(136);
  });

  it('moves with the arrow, page and Home / End keys', () => {
    expect(keyTarget('ArrowDown', 0, 10, 5)).toBe(1);
    expect(keyTarget('ArrowDown', 9, 10, 5)).toBe(9);
    expect(keyTarget('ArrowUp', 0, 10, 5)).toBe(0);
    expect(keyTarget('PageDown', 7, 10, 5)).toBe(9);
    expect(keyTarget('End', 2, 10, 5)).toBe(9);
    expect(keyTarget('Home', 8, 10, 5)).toBe(0);
    expect(keyTarget('Tab', 1, 10, 5)).toBeUndefined();
  });
});
