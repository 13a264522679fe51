import { fill } from '@cairn/core/rules';
import { describe, expect, it } from 'vitest';
import { requesterAsked, requesterFacts, requesterName } from './requesterFacts.ts';

const ASKED = '2026-11-28T05:00:00.000Z';
const at = (seconds: number) => Date.parse(ASKED) + seconds * 1000;

describe('requesterFacts (session 25)', () => {
  it("says the browser and system the request's User-Agent named, or that it named none", () => {
    expect(requesterName({ browser: 'Chrome', system: 'Linux', sameNetwork: true }, fill)).toBe('Chrome on Linux');
    expect(requesterName({ browser: 'Firefox', system: null, sameNetwork: true }, fill)).toBe('Firefox on an unknown system');
    expect(requesterName({ browser: null, system: 'iOS', sameNetwork: true }, fill)).toBe('A browser on iOS');
    expect(requesterName({ browser: null, system: null, sameNetwork: true }, fill)).toBe('An unknown browser');
  });

  it("says when it asked in whole minutes, and 'just now' under a minute or when this device's clock runs behind the server's", () => {
    expect([-90, 0, 59, 60, 119, 120, 599].map((seconds) => requesterAsked(ASKED, at(seconds), fill))).toEqual([
      'asked just now',
      'asked just now',
      'asked just now',
      'asked 1 minute ago',
      'asked 1 minute ago',
      'asked 2 minutes ago',
      'asked 9 minutes ago',
    ]);
  });

  it('puts the three facts in one line, the network last', () => {
    expect(requesterFacts({ browser: 'Chrome', system: 'Linux', sameNetwork: false }, ASKED, at(150), fill)).toBe('Chrome on Linux, asked 2 minutes ago, from another network than this device');
    expect(requesterFacts({ browser: 'Safari', system: 'iOS', sameNetwork: true }, ASKED, at(5), fill)).toBe('Safari on iOS, asked just now, from the same network as this device');
  });
});
