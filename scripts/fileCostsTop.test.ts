import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const script = join(import.meta.dirname, 'fileCostsTop.mjs');

it('names the costliest files first, by their worker and children CPU or by the field asked for', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-file-costs-'));
  try {
    const costs = join(dir, 'costs.jsonl');
    const line = (file: string, used: number, children: number, run: number) => JSON.stringify({ file, wall: 10, used, children, run, at: 1 });
    writeFileSync(costs, [line(join(dir, 'a.test.ts'), 1, 0, 9), line(join(dir, 'b.test.ts'), 2, 3, 1), line(join(dir, 'c.test.ts'), 4, 0, 2), ''].join('\n'));
    const top = execFileSync(process.execPath, [script, costs, '--top', '2'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(top[0]).toBe('3 files, 10.0 CPU-s by used; the top 2:');
    expect(top.slice(1, 3).map((row) => row.trim().split(/\s+/).at(-1))).toEqual(['b.test.ts', 'c.test.ts']);
    const byRun = execFileSync(process.execPath, [script, costs, '--by', 'run'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(byRun[1]).toMatch(/^\s+9\.0 CPU-s .* a\.test\.ts$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('sorts by wall time with --by wall, and leaves out the lines of runs before --since', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-file-costs-'));
  try {
    const costs = join(dir, 'costs.jsonl');
    const line = (file: string, wall: number, used: number, at: number) => JSON.stringify({ file, wall, used, children: 0, run: 0, at });
    writeFileSync(costs, [line('old.e2e.ts', 900, 90, 100), line('slow.e2e.ts', 300, 2, 200), line('busy.e2e.ts', 20, 30, 200)].join('\n'));
    const byWall = execFileSync(process.execPath, [script, costs, '--by', 'wall', '--since', '200'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(byWall[0]).toBe('2 files, 320.0 s of wall; the top 2:');
    expect(byWall[1]).toMatch(/^\s+2\.0 CPU-s\s+300\.0 s wall  slow\.e2e\.ts$/);
    expect(byWall[2]).toMatch(/^\s+30\.0 CPU-s\s+20\.0 s wall  busy\.e2e\.ts$/);
    const runBeside = execFileSync(process.execPath, [script, costs, '--by', 'wall', '--cpu', 'run', '--since', '200'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(runBeside[1]).toMatch(/^\s+0\.0 CPU-s\s+300\.0 s wall  slow\.e2e\.ts$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('sorts by the time a file slept or queued with --by asleep or --by queued, its CPU and wall beside', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-file-costs-'));
  try {
    const costs = join(dir, 'costs.jsonl');
    const line = (file: string, wall: number, used: number, asleep: number, queued: number) => JSON.stringify({ file, wall, used, children: 0, run: 0, at: 1, asleep, queued });
    writeFileSync(costs, [line('waits.test.ts', 40, 2, 30, 5), line('busy.test.ts', 50, 20, 1, 25), line('older.test.ts', 9, 1, 0, 0)].join('\n'));
    const asleep = execFileSync(process.execPath, [script, costs, '--by', 'asleep', '--top', '2'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(asleep[0]).toBe('3 files, 31.0 s asleep; the top 2:');
    expect(asleep[1]).toMatch(/^\s+30\.0 s asleep\s+2\.0 CPU-s\s+40\.0 s wall  waits\.test\.ts$/);
    expect(asleep[2]).toMatch(/^\s+1\.0 s asleep\s+20\.0 CPU-s\s+50\.0 s wall  busy\.test\.ts$/);
    const queued = execFileSync(process.execPath, [script, costs, '--by', 'queued', '--top', '1'], { cwd: dir, encoding: 'utf8' }).split('\n');
    expect(queued[0]).toBe('3 files, 30.0 s queued; the top 1:');
    expect(queued[1]).toMatch(/^\s+25\.0 s queued\s+20\.0 CPU-s\s+50\.0 s wall  busy\.test\.ts$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
