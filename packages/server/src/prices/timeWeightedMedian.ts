/** A pool's price and the time (seconds) it held, from `from` until `to`. */
export type PricePeriod = { price: number; from: number; to: number };

/**
 * The price the pool stood at for the middle instant of its priced time: sort the periods by
 * price and walk their durations to half the total. A price held for less than half the time
 * (one block pushed, however far) can never be it. Periods without a price (no pool, an empty
 * pool: price 0) count for nothing; none priced at all: undefined.
 */
export function timeWeightedMedian(periods: readonly PricePeriod[]): number | undefined {
  const priced = periods.filter((period) => period.price > 0 && period.to > period.from).sort((a, b) => a.price - b.price);
  const total = priced.reduce((sum, period) => sum + (period.to - period.from), 0);
  if (total === 0) return undefined;
  let held = 0;
  for (const period of priced) {
    held += period.to - period.from;
    if (held * 2 >= total) return period.price;
  }
  return priced.at(-1)!.price;
}
