import { appendFileSync } from 'node:fs';
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
const atStart = processCpuSeconds();
const runAtStart = treeCpuSeconds(process.ppid);
const started = performance.now();
afterAll(() => {
  const atEnd = processCpuSeconds();
  const seconds = (value: number) => Math.round(value * 100) / 100;
  const line = {
    file: expect.getState().testPath,
    wall: seconds((performance.now() - started) / 1000),
    used: seconds(atEnd.self - atStart.self),
    atStart: atStart.self,
    children: seconds(atEnd.children - atStart.children),
    run: seconds(treeCpuSeconds(process.ppid) - runAtStart),
    at: Date.now(),
  };
  appendFileSync(process.env.VITEST_FILE_CPU!, `${JSON.stringify(line)}\n`);
});
