import { describe, expect, it } from 'vitest';
import { lastResultOf } from './lastResultOf.ts';

describe('lastResultOf', () => {
  it('computes once for the same argument in a row, and again for each new one', () => {
    const asked: (string | undefined)[] = [];
    const upper = lastResultOf((value: string | undefined) => {
      asked.push(value);
      return value?.toUpperCase() ?? 'none';
    });
    expect([upper('a'), upper('a'), upper('b'), upper('a'), upper(undefined), upper(undefined)]).toEqual(['A', 'A', 'B', 'A', 'none', 'none']);
    expect(asked).toEqual(['a', 'b', 'a', undefined]);
  });
});
