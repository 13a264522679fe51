import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_S = 100;

/**
 * CPU time (user + system, in µs) another process has used so far, from /proc/<pid>/stat: the
 * same figure as its own process.cpuUsage(), read from outside, 10 ms resolution. Over a load run
 * of seconds at a core's worth of CPU that is a few parts in a thousand.
 */
export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_S;
}
