import { appendFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { processCpuSeconds } from './stepCpu.mjs';

// A Vitest setup file, on when VITEST_FILE_CPU names a file (vitest.config.ts): appends one JSON line
// per test file with the CPU its worker used from before the file's import to its end (`used`; for an
// isolated file, `atStart` is its worker's boot) and its waited-for children's. What a file costs,
// where Vitest's durations are wall time and, on a loaded machine, noise.
const atStart = processCpuSeconds();
afterAll(() => {
  const atEnd = processCpuSeconds();
  const seconds = (value: number) => Math.round(value * 100) / 100;
  const line = { file: expect.getState().testPath, used: seconds(atEnd.self - atStart.self), atStart: atStart.self, children: seconds(atEnd.children - atStart.children) };
  appendFileSync(process.env.VITEST_FILE_CPU!, `${JSON.stringify(line)}\n`);
});
