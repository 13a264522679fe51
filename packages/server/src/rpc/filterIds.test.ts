import { describe, expect, it } from 'vitest';
import { readFilterId, tagFilterId } from './filterIds.ts';

describe('filter ids carry their upstream', () => {
  it('reads back the upstream and the node’s id it was given', () => {
    for (const [id, upstream] of [['0x1', 0], ['0x0abc', 2], [`0x${'f'.repeat(32)}`, 14]] as const) {
      const tagged = tagFilterId(id, upstream)!;
      expect(readFilterId(tagged)).toEqual({ upstream, id });
      // A client that normalises the id as a number (leading zeros dropped) keeps it whole.
      expect(`0x${BigInt(tagged).toString(16)}`).toBe(tagged.toLowerCase());
    }
  });

  it('gives no id for a node id that is no hex quantity, nor past the fifteenth upstream', () => {
    expect(tagFilterId('filter-7', 0)).toBeUndefined();
    expect(tagFilterId(7, 0)).toBeUndefined();
    expect(tagFilterId('0x1', 15)).toBeUndefined();
  });

  it('knows no id it never gave', () => {
    expect(readFilterId('0x0123')).toBeUndefined();
    expect(readFilterId('0x1')).toBeUndefined();
    expect(readFilterId('not a filter')).toBeUndefined();
    expect(readFilterId(12)).toBeUndefined();
  });
});
