import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a V8 CPU profile (`node --cpu-prof`) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** µs on the monotonic clock, as process.hrtime's (both are CLOCK_MONOTONIC on Linux). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A span of the monotonic clock, in µs: [start, end). */
export type ClockWindow = readonly [number, number];

/** process.hrtime in µs, the clock a CPU profile's sample times are on. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A function as the summary names it: `name file:line`, the file without its folders up to the package or `src/`. */
function label({ functionName, url, lineNumber }: CpuProfile['nodes'][number]['callFrame']): string {
  const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/').replace(/^file:\/\//, '');
  return file === '' ? functionName || '(anonymous)' : `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

/**
 * Self time per function over the samples taken inside `windows` (the measured runs, not the start
 * nor the warm-up), in µs, the largest first; `(idle)` left out.
 */
export function selfTimes(profile: CpuProfile, windows: readonly ClockWindow[]): { total: number; byFunction: [string, number][] } {
  const labels = new Map(profile.nodes.map((node) => [node.id, label(node.callFrame)]));
  const byFunction = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // A sample's delta is the time since the one before: it is charged to this sample's function.
    if (!windows.some(([start, end]) => at >= start && at < end)) return;
    const name = labels.get(id) ?? '(unknown)';
    if (name === '(idle)') return;
    const spent = profile.timeDeltas[i] ?? 0;
    total += spent;
    byFunction.set(name, (byFunction.get(name) ?? 0) + spent);
  });
  return { total, byFunction: [...byFunction].sort((a, b) => b[1] - a[1]) };
}

/** The main thread's profile among those `node --cpu-prof` wrote into `dir` (thread 0: CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile). */
export function mainThreadProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) throw new Error(`No main-thread CPU profile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
}
