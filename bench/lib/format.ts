import type { Stat } from './stats.ts';

/** Sizes in kB of 1000 bytes, as Vite and the targets count them. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
export const ms = (value: number) => `${value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`;

/** `median (min–max)`, and how many runs had no value, if any. */
export function stat(value: Stat, unit: (n: number) => string): string {
  if (value.median === null) return `none of ${value.runs}`;
  const range = value.min === value.max ? '' : ` (${unit(value.min!).split(' ')[0]}–${unit(value.max!)})`;
  const missing = value.count < value.runs ? `, ${value.runs - value.count} of ${value.runs} without` : '';
  return `${unit(value.median)}${range}${missing}`;
}

/** Cairn's value divided by another page's: below 1 means Cairn is smaller or faster. */
export function ratio(cairn: number | null, other: number | null): string {
  if (cairn === null || other === null || other === 0) return 'n/a';
  return (cairn / other).toFixed(2);
}
