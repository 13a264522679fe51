import { describe, expect, it } from 'vitest';
import { activityAmount } from './activityAmount.ts';

describe('activityAmount', () => {
  it('shows every digit of an amount that has up to 8 decimals: 0.0123 is not cut to 0.012', () => {
    expect(activityAmount('0.0123')).toEqual({ shown: '0.0123', exact: '0.0123', isExact: true });
    expect(activityAmount('12.34567891')).toEqual({ shown: '12.34567891', exact: '12.34567891', isExact: true });
  });

  it("keeps SPEC §9's 3 decimals for a round amount", () => {
    expect(activityAmount('1.5')).toEqual({ shown: '1.500', exact: '1.5', isExact: true });
    expect(activityAmount('250')).toEqual({ shown: '250.000', exact: '250', isExact: true });
    expect(activityAmount('0.230000000000000000')).toEqual({ shown: '0.230', exact: '0.23', isExact: true });
  });

  it('cuts a longer amount at 8 decimals, marked ≈, the exact figure kept', () => {
    expect(activityAmount('1.123456789123456789')).toEqual({ shown: '≈1.12345678', exact: '1.123456789123456789', isExact: false });
  });

  it('keeps 4 significant digits of a tiny amount rather than showing zero', () => {
    expect(activityAmount('0.000000000000012345')).toEqual({ shown: '≈0.00000000000001234', exact: '0.000000000000012345', isExact: false });
    expect(activityAmount('0.000000000000012')).toEqual({ shown: '0.000000000000012', exact: '0.000000000000012', isExact: true });
  });

  it("invents no decimals a token does not have: a 0-decimal token's 7 shows as 7", () => {
    expect(activityAmount('7', 0)).toEqual({ shown: '7', exact: '7', isExact: true });
    expect(activityAmount('1.5', 2)).toEqual({ shown: '1.50', exact: '1.5', isExact: true });
    expect(activityAmount('1.5', 18)).toEqual({ shown: '1.500', exact: '1.5', isExact: true });
    expect(activityAmount('junk', 0)).toEqual({ shown: '0', exact: '0', isExact: true });
  });

  it('groups the thousands of a large amount', () => {
    expect(activityAmount('12345.5')).toEqual({ shown: '12,345.500', exact: '12345.5', isExact: true });
  });

  it('reads a malformed amount as zero rather than showing it', () => {
    expect(activityAmount('1e5')).toEqual({ shown: '0.000', exact: '0', isExact: true });
  });
});
