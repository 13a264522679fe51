import { describe, expect, it } from 'vitest';
import { processCpuMicros } from './processCpu.ts';

describe('processCpuMicros', () => {
  it("reads this process's CPU time as process.cpuUsage counts it, to the 10 ms tick", () => {
    const spinUntil = Date.now() + 60;
    while (Date.now() < spinUntil);
    const own = process.cpuUsage();
    const read = processCpuMicros(process.pid);
    expect(read).toBeGreaterThan(0);
    expect(Math.abs(read - (own.user + own.system))).toBeLessThan(30_000);
  });
});
