import { describe, expect, it } from 'vitest';
import { activityDate } from './activityDate.ts';

describe('activityDate', () => {
  it('gives the day, the month, the year and the time', () => {
    expect(activityDate('2026-11-10T12:05:00.000Z', 'en-US', 'UTC')).toBe('Nov 10, 2026, 12:05 PM');
    expect(activityDate('2025-01-03T08:00:00.000Z', 'de-DE', 'UTC')).toBe('03.01.2025, 08:00');
  });
});
