import { describe, expect, it } from 'vitest';
import { medianBehind } from './buttonCpu.ts';

describe('medianBehind', () => {
  it('takes the median of the per-round differences, so one busy round does not decide', () => {
    // Medians of each page (390 vs 600) would say 210 ms; round by round it is 25, 30, 210.
    expect(medianBehind([380, 900, 390], [405, 930, 600])).toBe(30);
  });

  it('pairs only complete rounds and has no answer without one', () => {
    expect(medianBehind([100, 100], [110])).toBe(10);
    expect(medianBehind([], [])).toBeNull();
  });
});
