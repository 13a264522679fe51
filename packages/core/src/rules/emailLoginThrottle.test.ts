import { describe, expect, it } from 'vitest';
import { emailLoginThrottleError, emailLoginWaitSeconds } from './emailLoginThrottle.ts';

const T0 = Date.UTC(2026, 10, 25, 12);

describe('e-mail login throttle (SPEC §5)', () => {
  it('lets the first login start', () => {
    expect(emailLoginThrottleError(undefined, T0)).toBeUndefined();
  });

  it('says how many seconds remain within 30 s of the last login, rounded up', () => {
    expect(emailLoginThrottleError(T0, T0)).toBe('Please try again after 30 seconds');
    expect(emailLoginThrottleError(T0, T0 + 100)).toBe('Please try again after 30 seconds');
    expect(emailLoginThrottleError(T0, T0 + 12_000)).toBe('Please try again after 18 seconds');
    expect(emailLoginThrottleError(T0, T0 + 29_999)).toBe('Please try again after 1 seconds');
  });

  it('lets a login start from 30 s on, and ignores a last time in the future or not a number', () => {
    expect(emailLoginWaitSeconds(T0, T0 + 30_000)).toBe(0);
    expect(emailLoginWaitSeconds(T0, T0 + 31_000)).toBe(0);
    expect(emailLoginWaitSeconds(T0 + 5_000, T0)).toBe(0);
    expect(emailLoginWaitSeconds(Number.NaN, T0)).toBe(0);
  });
});
