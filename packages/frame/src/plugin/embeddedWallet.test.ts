import { describe, expect, it } from 'vitest';
import { embeddedWallet } from './embeddedWallet.ts';

const frameUrl = 'http://127.0.0.1:9300/';

describe('embeddedWallet()', () => {
  it('takes a site\'s own request timeouts, in whole milliseconds', () => {
    expect(embeddedWallet({ frameUrl, timeouts: { connect: 4000, approval: 600_000 } }).frameUrl).toBe(frameUrl);
  });

  it('refuses a timeout that is not a whole number of milliseconds up to an hour, or one it does not know, with a clear error', () => {
    for (const connect of [0, -1, 1.5, Number.NaN, 3_600_001, '4000']) {
      expect(() => embeddedWallet({ frameUrl, timeouts: { connect: connect as number } })).toThrow('`timeouts.connect` must be a whole number of milliseconds from 1 to 3600000');
    }
    expect(() => embeddedWallet({ frameUrl, timeouts: { otp: 5 } as never })).toThrow('unknown timeout `otp`');
    expect(() => embeddedWallet({ frameUrl, timeouts: 5 as never })).toThrow('`timeouts` must be an object of milliseconds');
  });
});
