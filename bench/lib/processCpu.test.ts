import { describe, expect, it } from 'vitest';
import { mainThreadCpuTimes, processCpuMicros, processCpuTimes } from './processCpu.ts';

describe('processCpuMicros', () => {
  it("reads this process's CPU time as process.cpuUsage counts it, to the 10 ms tick", () => {
    const spinUntil = Date.now() + 60;
    while (Date.now() < spinUntil);
    const own = process.cpuUsage();
    const read = processCpuMicros(process.pid);
    expect(read).toBeGreaterThan(0);
    expect(Math.abs(read - (own.user + own.system))).toBeLessThan(30_000);
  });

  it('splits user from system time, and the main thread from the whole process', () => {
    const spinUntil = Date.now() + 60;
    while (Date.now() < spinUntil);
    const own = process.cpuUsage();
    const whole = processCpuTimes(process.pid);
    const main = mainThreadCpuTimes(process.pid);
    expect(Math.abs(whole.user - own.user)).toBeLessThan(30_000);
    expect(Math.abs(whole.system - own.system)).toBeLessThan(30_000);
    // The spin ran on the main thread: it holds most of the process's time and never more than all of it.
    expect(main.user).toBeGreaterThanOrEqual(60_000 - 10_000);
    expect(main.user + main.system).toBeLessThanOrEqual(whole.user + whole.system);
  });
});
