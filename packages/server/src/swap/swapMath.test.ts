import { describe, expect, it } from 'vitest';
import { amountOut, amountOutAlong, minimumOut, priceImpactPercent } from './swapMath.ts';

const ether = 10n ** 18n;
const usd = 10n ** 6n;

describe('swap math (the router\'s own formula)', () => {
  it("matches Uniswap V2's worked numbers: 1 in a 100/100 pool gives 0.987... after the 0.3 % fee", () => {
    expect(amountOut(ether, { reserveIn: 100n * ether, reserveOut: 100n * ether })).toBe(987158034397061298n);
  });

  it('is 0 for no input or an empty pool, never a division by zero', () => {
    expect(amountOut(0n, { reserveIn: 1n, reserveOut: 1n })).toBe(0n);
    expect(amountOut(5n, { reserveIn: 0n, reserveOut: 10n })).toBe(0n);
    expect(amountOut(5n, { reserveIn: 10n, reserveOut: 0n })).toBe(0n);
  });

  it('chains pools: the output of one is the input of the next', () => {
    const pools = [{ reserveIn: 500n * ether, reserveOut: 1_000_000n * usd }, { reserveIn: 1_000_000n * usd, reserveOut: 400_000n * ether }];
    const first = amountOut(ether, pools[0]!);
    expect(amountOutAlong(ether, pools)).toBe(amountOut(first, pools[1]!));
  });

  it('price impact: the fee alone for a tiny trade, growing with size, 100 for an empty pool', () => {
    const pool = { reserveIn: 500n * ether, reserveOut: 1_000_000n * usd };
    const tiny = priceImpactPercent(10n ** 15n, amountOut(10n ** 15n, pool), [pool]);
    expect(tiny).toBeCloseTo(0.3, 2);
    const big = priceImpactPercent(50n * ether, amountOut(50n * ether, pool), [pool]);
    expect(big).toBeGreaterThan(9);
    expect(big).toBeLessThan(10);
    expect(priceImpactPercent(ether, 0n, [{ reserveIn: 0n, reserveOut: 1n }])).toBe(100);
  });

  it('minimum out takes the slippage off the quote, rounding down', () => {
    expect(minimumOut(1000n, 1)).toBe(990n);
    expect(minimumOut(1000n, 0.5)).toBe(995n);
    expect(minimumOut(999n, 1)).toBe(989n);
    expect(minimumOut(1000n, 0)).toBe(1000n);
  });
});
