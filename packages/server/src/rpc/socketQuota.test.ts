import { describe, expect, it } from 'vitest';
import { SocketQuota } from './socketQuota.ts';

describe('SocketQuota', () => {
  it('gives each key its places, and a released place back once', () => {
    const quota = new SocketQuota(2);
    const first = quota.take('a')!;
    expect(quota.take('a')).toBeDefined();
    expect(quota.take('a')).toBeUndefined();
    expect(quota.take('b')).toBeDefined();
    first();
    first();
    expect(quota.take('a')).toBeDefined();
    expect(quota.take('a')).toBeUndefined();
  });
});
