import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds, processCpuSeconds, treeCpuSeconds } from './stepCpu.mjs';

describe('childrenCpuSeconds', () => {
  it("reads cutime + cstime in ticks of 1/100 s, after a command name that holds spaces and ')'", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = '4242 (a (weird) name) S 1 4242 4242 0 -1 4194304 10 20 0 0 700 300 1234 566 20 0 1 0';
    expect(childrenCpuSeconds(stat)).toBe(18);
    expect(processCpuSeconds(stat)).toEqual({ self: 10, children: 18 });
  });
});

describe('treeCpuSeconds', () => {
  it("adds up a process's descendants (their own CPU and their waited-for children's), not its siblings", () => {
    // pid (comm) state ppid ... utime stime cutime cstime at fields 14–17.
    const stat = (pid: number, ppid: number, ticks: [number, number, number, number]) => `${pid} (node) S ${ppid} 1 1 0 -1 0 0 0 0 0 ${ticks.join(' ')} 20 0 1 0`;
    const stats = new Map([
      [10, stat(10, 1, [100, 0, 50, 0])],
      [11, stat(11, 10, [200, 100, 0, 0])],
      [12, stat(12, 11, [0, 0, 0, 25])],
      [20, stat(20, 1, [999, 0, 0, 0])],
    ]);
    const options = { pids: [10, 11, 12, 20, 30], readStat: (pid: number) => stats.get(pid) };
    expect(treeCpuSeconds(10, options)).toBe(4.75);
    expect(treeCpuSeconds(11, options)).toBe(3.25);
  });
});
