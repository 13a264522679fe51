/** A pool on a swap path, its reserves ordered by the path's direction. */
export type PathPool = { reserveIn: bigint; reserveOut: bigint };

/** The router's 0.3 % pool fee, as AmmRouter.getAmountOut applies it (997 / 1000). */
const FEE_NUMERATOR = 997n;
const FEE_DENOMINATOR = 1000n;

/** One pool's output for `amountIn`, exactly as AmmRouter.getAmountOut; 0 for an empty pool or input. */
export function amountOut(amountIn: bigint, { reserveIn, reserveOut }: PathPool): bigint {
  if (amountIn <= 0n || reserveIn === 0n || reserveOut === 0n) return 0n;
  const withFee = amountIn * FEE_NUMERATOR;
  return (withFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + withFee);
}

/** The output at the end of a path, pool by pool, as AmmRouter.getAmountsOut. */
export function amountOutAlong(amountIn: bigint, pools: readonly PathPool[]): bigint {
  return pools.reduce((amount, pool) => amountOut(amount, pool), amountIn);
}

const IMPACT_SCALE = 1_000_000n;

/**
 * Percent the quote falls short of the same amount at the pools' mid prices (what a tiny trade
 * would get, before fees): the price impact a user sees, fees included. 0..100, 4 decimals.
 */
export function priceImpactPercent(amountIn: bigint, quoted: bigint, pools: readonly PathPool[]): number {
  let numerator = amountIn;
  let denominator = 1n;
  for (const { reserveIn, reserveOut } of pools) {
    if (reserveIn === 0n || reserveOut === 0n) return 100;
    numerator *= reserveOut;
    denominator *= reserveIn;
  }
  if (numerator === 0n) return 0;
  // 1 - quoted / mid, where mid = numerator / denominator.
  const shortfall = IMPACT_SCALE - (quoted * denominator * IMPACT_SCALE) / numerator;
  const clamped = shortfall < 0n ? 0n : shortfall > IMPACT_SCALE ? IMPACT_SCALE : shortfall;
  return Number(clamped) / 10_000;
}

/** The least a swap may return: the quote less `slippagePercent` (two decimals of a percent). */
export function minimumOut(quoted: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100));
  return (quoted * (10_000n - basisPoints)) / 10_000n;
}
