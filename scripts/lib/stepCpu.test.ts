import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds, processCpuSeconds } from './stepCpu.mjs';

describe('childrenCpuSeconds', () => {
  it("reads cutime + cstime in ticks of 1/100 s, after a command name that holds spaces and ')'", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = '4242 (a (weird) name) S 1 4242 4242 0 -1 4194304 10 20 0 0 700 300 1234 566 20 0 1 0';
    expect(childrenCpuSeconds(stat)).toBe(18);
    expect(processCpuSeconds(stat)).toEqual({ self: 10, children: 18 });
  });
});
