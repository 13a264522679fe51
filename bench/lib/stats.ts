/** Median and range of a set of runs; runs where the value is missing are counted, not guessed. */
export interface Stat {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Runs that produced a value, out of `runs`. */
  count: number;
  runs: number;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function describe(values: (number | null)[]): Stat {
  const present = values.filter((value): value is number => value !== null);
  return {
    median: median(present),
    min: present.length > 0 ? Math.min(...present) : null,
    max: present.length > 0 ? Math.max(...present) : null,
    count: present.length,
    runs: values.length,
  };
}

/** The value at percentile `p` (0-100) of values sorted ascending (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
