import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { processCpuSeconds, treeCpuSeconds } from './stepCpu.mjs';

// A Vitest setup file, on when VITEST_FILE_CPU names a file (vitest.config.ts; always in e2e/vitest.config.ts):
// appends one JSON line per test file with the CPU its worker used from before the file's import to
// its end (`used`; for an isolated file, `atStart` is its worker's boot), its waited-for children's,
// and `run`: the CPU of the whole run's process tree over the file (the worker's parent and every
// descendant: a browser file's Chromium, and the global setup's servers and chains that answered it).
// `run` is the file's alone only where files run one at a time (the browser suite). What a file
// costs, where Vitest's durations are wall time and, on a loaded machine, noise. Vitest evaluates a
// setup file afresh before each test file, even in a shared module graph (isolate: false).
// `queued`: the seconds the worker's JavaScript thread was ready to run but waited for a core (the
// kernel's run-queue wait, /proc/self/schedstat), and `asleep`: the rest of the wall that thread
// neither ran nor queued, i.e. what the file waited on (chains, servers, timers, children). Wall
// minus CPU alone mixes the two, and on a loaded machine it is mostly queueing.
const atStart = processCpuSeconds();
const threadAtStart = threadSchedule();
const runAtStart = treeCpuSeconds(process.ppid);
const started = performance.now();
afterAll(() => {
  const atEnd = processCpuSeconds();
  const threadAtEnd = threadSchedule();
  const seconds = (value: number) => Math.round(value * 100) / 100;
  const line = {
    file: expect.getState().testPath,
    wall: seconds((performance.now() - started) / 1000),
    used: seconds(atEnd.self - atStart.self),
    atStart: atStart.self,
    children: seconds(atEnd.children - atStart.children),
    run: seconds(treeCpuSeconds(process.ppid) - runAtStart),
    at: Date.now(),
    ...(threadAtStart && threadAtEnd
      ? {
          queued: seconds(threadAtEnd.queued - threadAtStart.queued),
          asleep: seconds(Math.max(0, (performance.now() - started) / 1000 - (threadAtEnd.ran - threadAtStart.ran) - (threadAtEnd.queued - threadAtStart.queued))),
        }
      : {}),
  };
  appendFileSync(process.env.VITEST_FILE_CPU!, `${JSON.stringify(line)}\n`);
});

/** The worker's main thread's CPU and run-queue wait, in seconds (Linux's /proc/self/schedstat: ns ran, ns queued, slices). */
function threadSchedule(): { ran: number; queued: number } | undefined {
  if (!existsSync('/proc/self/schedstat')) return undefined;
  const [ran, queued] = readFileSync('/proc/self/schedstat', 'utf8').trim().split(/\s+/).map(Number);
  return ran === undefined || queued === undefined ? undefined : { ran: ran / 1e9, queued: queued / 1e9 };
}
