// Runs one command and writes the CPU seconds (user + system) it and its descendants used to a file:
// `node stepCpu.mjs <cpuFile> <command> [args...]`. npm test's lanes run each step through it, so
// each step reports its CPU beside its wall time: on a loaded machine the wall time is noise, the
// CPU is the work. Linux only (/proc): the CPU of the children this process has waited for, which
// holds every descendant that was waited for in turn (one left running past its parent is not counted).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** USER_HZ: /proc's clock ticks, 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds of a process (utime + stime) and of its waited-for children (cutime + cstime), from its /proc stat line. */
export function processCpuSeconds(stat = readFileSync('/proc/self/stat', 'utf8')) {
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { self: (fields[11] + fields[12]) / TICKS_PER_SECOND, children: (fields[13] + fields[14]) / TICKS_PER_SECOND };
}

/** CPU seconds of this process's waited-for children. */
export const childrenCpuSeconds = (stat) => processCpuSeconds(stat).children;

/**
 * CPU seconds of a process tree: each live process's own and its waited-for children's. What a run's
 * parts that outlive a test file (its global setup's servers and chains) spent during that file.
 * `readStat(pid)` returns /proc/<pid>/stat's line, or undefined for a process that is gone.
 */
export function treeCpuSeconds(rootPid, { pids = livePids(), readStat = readProcStat } = {}) {
  const stats = new Map();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const childrenOf = new Map();
  for (const [pid, stat] of stats) {
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), pid]);
  }
  let seconds = 0;
  const visit = (pid) => {
    const stat = stats.get(pid);
    if (!stat) return;
    const { self, children } = processCpuSeconds(stat);
    seconds += self + children;
    for (const child of childrenOf.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return Math.round(seconds * 100) / 100;
}

const livePids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);

function readProcStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended since the listing
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [cpuFile, command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: 'inherit' });
  // Ctrl-C reaches the child from the terminal already (one process group): this process only waits
  // for it to end. A SIGTERM sent to this process alone is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('error', (error) => {
    console.error(error.message);
    process.exit(1);
  });
  child.on('close', (code, signal) => {
    writeFileSync(cpuFile, String(childrenCpuSeconds()));
    process.exit(code ?? (signal ? 1 : 0));
  });
}
