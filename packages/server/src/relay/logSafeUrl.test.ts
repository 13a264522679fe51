import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './logSafeUrl.ts';

describe('logSafeUrl', () => {
  it('redacts an auth query parameter however its name is written, and leaves the rest', () => {
    expect(logSafeUrl('/relay/?auth=eyJ.a.b&projectId=p')).toBe('/relay/?auth=%5Bredacted%5D&projectId=p');
    expect(logSafeUrl('/?projectId=p&%61uth=eyJ.a.b')).toBe('/?projectId=p&auth=%5Bredacted%5D');
    expect(logSafeUrl('/?AUTH=eyJ.a.b&auth=again')).not.toMatch(/eyJ|again/);
    expect(logSafeUrl('/v1/x?chainId=eip155:1')).toBe('/v1/x?chainId=eip155:1');
    expect(logSafeUrl('/health')).toBe('/health');
  });
});
