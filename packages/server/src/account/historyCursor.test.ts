import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './historyCursor.ts';

describe('history cursor', () => {
  it('round-trips a position', () => {
    const position = { timestamp: 1_700_000_000, chainId: 31337, blockNumber: 42, txIndex: 3 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('rejects anything it did not issue', () => {
    for (const cursor of ['', 'abc', Buffer.from('[1,1,2,3]').toString('base64url'), Buffer.from('[1,-1,2,3,4]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
      expect(decodeCursor(cursor), cursor).toBeUndefined();
    }
  });
});
