import { describe, expect, it } from 'vitest';
import { lazyParts, withParts } from './lazyParts.ts';

describe('lazy parts', () => {
  it('makes a part on its first read only, once, with the arguments given', () => {
    const made: string[] = [];
    const parts = lazyParts<{ first: string; second: string }, [string]>([{ first: (name) => (made.push('first'), `first of ${name}`) }, { second: () => (made.push('second'), 'second') }], ['ctx']);
    expect(made).toEqual([]);
    expect(parts.first).toBe('first of ctx');
    expect(parts.first).toBe('first of ctx');
    expect(made).toEqual(['first']);
    expect(Object.keys(parts)).toEqual(['first', 'second']);
  });

  it('copies parts onto an object without making them, so two objects share each part', () => {
    let count = 0;
    const parts = lazyParts<{ store: { id: number } }, []>([{ store: () => ({ id: (count += 1) }) }], []);
    const context = withParts({ name: 'ctx' }, parts);
    const stores = withParts({}, parts);
    expect(count).toBe(0);
    expect(context.store).toBe(stores.store);
    expect(context).toMatchObject({ name: 'ctx', store: { id: 1 } });
    expect(count).toBe(1);
  });

  it('runs `first` before every read, also of a part already made', () => {
    const order: string[] = [];
    const parts = lazyParts<{ method: string }, []>([{ method: () => (order.push('made'), 'method') }], [], () => order.push('first'));
    expect(order).toEqual([]);
    expect(parts.method).toBe('method');
    expect(parts.method).toBe('method');
    expect(order).toEqual(['first', 'made', 'first']);
  });
});
