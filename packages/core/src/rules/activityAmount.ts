import { DESCRIPTION_AMOUNT_DECIMALS, formatAmount } from '../format.ts';

/** Past this many decimals an Activity amount is cut (and marked ≈); below it every digit shows. */
export const ACTIVITY_AMOUNT_DECIMALS = 8;
/** Significant digits kept of an amount smaller than the cut (0.000000000000012345 shows as ≈0.00000000000001234). */
const TINY_AMOUNT_DIGITS = 4;

export interface ActivityAmount {
  /** What the row shows: at least SPEC §9's 3 decimals, more when the amount needs them to be exact. */
  shown: string;
  /** Every digit, trailing zeros dropped: what a hover or a screen reader gets when `shown` is cut. */
  exact: string;
  /** Whether `shown` is the whole amount. */
  isExact: boolean;
}

/**
 * An amount of an Activity row, exact to its last digit where that fits (`0.0123` → `0.0123`,
 * `1.5` → `1.500`). `tokenDecimals`, when known, caps the decimals shown for a round amount: a
 * token without decimals shows `7`, never an invented `7.000`.
 */
export function activityAmount(decimal: string, tokenDecimals?: number): ActivityAmount {
  const least = Math.min(DESCRIPTION_AMOUNT_DECIMALS, tokenDecimals ?? DESCRIPTION_AMOUNT_DECIMALS);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return { shown: formatAmount('0', least), exact: '0', isExact: true };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const leadingZeros = whole === '0' ? /^0*/.exec(fraction)![0].length : 0;
  const room = Math.max(ACTIVITY_AMOUNT_DECIMALS, leadingZeros + TINY_AMOUNT_DIGITS);
  const decimals = Math.max(least, Math.min(fraction.length, room));
  const isExact = fraction.length <= decimals;
  return { shown: `${isExact ? '' : '≈'}${formatAmount(`${whole}.${fraction || '0'}`, decimals)}`, exact: fraction ? `${whole}.${fraction}` : whole, isExact };
}
