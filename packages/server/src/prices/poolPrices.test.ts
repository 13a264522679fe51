import { describe, expect, it } from 'vitest';
import { spotPrice } from './poolPrices.ts';

describe('spotPrice', () => {
  it('is the stablecoin reserve per token reserve, scaled by both decimals', () => {
    // 1,000 tokens (18 decimals) against 2,500 TUSD (6 decimals): 2.5 USD each.
    expect(spotPrice(1000n * 10n ** 18n, 18, 2500n * 10n ** 6n, 6)).toBe(2.5);
    // A 0-decimal token: 7 units against 14 TUSD.
    expect(spotPrice(7n, 0, 14n * 10n ** 6n, 6)).toBe(2);
  });

  it('is 0 for an empty pool', () => {
    expect(spotPrice(0n, 18, 5n, 6)).toBe(0);
    expect(spotPrice(5n, 18, 0n, 6)).toBe(0);
  });
});
