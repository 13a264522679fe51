import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_S = 100;

/** CPU time in µs, split as the kernel counts it. */
export interface CpuTimes {
  user: number;
  system: number;
}

/** utime and stime of a /proc stat line, in µs. */
function statTimes(path: string): CpuTimes {
  const stat = readFileSync(path, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  const micros = (field: string | undefined) => (Number(field) * 1_000_000) / TICKS_PER_S;
  return { user: micros(fields[11]), system: micros(fields[12]) };
}

/**
 * CPU time (user + system, in µs) another process has used so far, from /proc/<pid>/stat: the
 * same figure as its own process.cpuUsage(), read from outside, 10 ms resolution. Over a load run
 * of seconds at a core's worth of CPU that is a few parts in a thousand.
 */
export function processCpuMicros(pid: number): number {
  const { user, system } = processCpuTimes(pid);
  return user + system;
}

/** A process's CPU time split into user and system. */
export function processCpuTimes(pid: number): CpuTimes {
  return statTimes(`/proc/${pid}/stat`);
}

/**
 * The CPU time of a process's main thread (its JavaScript, the event loop's system calls) apart
 * from the whole process's: the rest is its other threads' (V8's garbage collector helpers,
 * libuv's pool doing file writes, ...), which a V8 CPU profile does not see.
 */
export function mainThreadCpuTimes(pid: number): CpuTimes {
  return statTimes(`/proc/${pid}/task/${pid}/stat`);
}

/** How a thread was scheduled so far: ns on a core, ns waiting in the run queue for one, and how many times it was put on a core. */
export interface Scheduling {
  runNs: number;
  waitNs: number;
  slices: number;
  /** Times it gave its core up to wait (an idle event loop's epoll_wait): its real wake-ups. */
  waits: number;
  /** Times the scheduler took its core away while it ran (another task's turn on a busy machine). */
  preemptions: number;
}

/**
 * The main thread's scheduling, from /proc/<pid>/task/<pid>/schedstat. `slices` counts the times it
 * was put on a core: an event loop that sleeps in epoll_wait between requests wakes once per slice,
 * so slices per request say how many requests one wake-up carried (fewer on a loaded machine).
 */
export function mainThreadScheduling(pid: number): Scheduling {
  const [runNs, waitNs, slices] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  const switches = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { runNs: runNs!, waitNs: waitNs!, slices: slices!, waits: switches('voluntary_ctxt_switches'), preemptions: switches('nonvoluntary_ctxt_switches') };
}
