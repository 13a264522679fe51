import { describe, expect, it } from 'vitest';
import { buttonCpuBehind } from './buttonCpu.ts';

describe('buttonCpuBehind', () => {
  it('takes the median of the per-round differences, so one busy round does not decide', () => {
    // Medians of each page (390 vs 600) would say 210 ms; round by round it is 25, 30, 210.
    expect(buttonCpuBehind([380, 900, 390], [405, 930, 600])).toBe(30);
  });

  it('pairs only complete rounds and has no answer without one', () => {
    expect(buttonCpuBehind([100, 100], [110])).toBe(10);
    expect(buttonCpuBehind([], [])).toBeNull();
  });
});
