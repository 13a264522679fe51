import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform.ts';

describe('detectPlatform', () => {
  it('reads a phone from its user agent whatever the width', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(detectPlatform({ userAgent: iphone, viewportWidth: 1024 })).toBe('mobile');
    expect(detectPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', viewportWidth: 412 })).toBe('mobile');
  });

  it('reads a narrow viewport as a phone and a wide desktop browser as a desktop', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    expect(detectPlatform({ userAgent: desktop, viewportWidth: 390 })).toBe('mobile');
    expect(detectPlatform({ userAgent: desktop, viewportWidth: 1280 })).toBe('desktop');
    expect(detectPlatform({})).toBe('desktop');
  });
});
