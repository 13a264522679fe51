import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactCostsFile, latestByFile, parseCostLines, staleWeights, weightsFrom } from './fileCosts.ts';
import { regeneratedWeights } from './regenerateWeights.ts';

const line = (file: string, wall: number, at: number) => JSON.stringify({ file: `/repo/e2e/${file}`, wall, used: 1, children: 0, run: wall / 3, at });

describe('the e2e files’ recorded costs', () => {
  it('reads fileCpu lines by file name, skipping a line cut short', () => {
    const costs = parseCostLines(`${line('send.e2e.ts', 60, 1)}\n{"file":"/repo/e2e/co\n${line('swap.e2e.ts', 30, 2)}\n`);
    expect(costs).toEqual([
      { file: 'send.e2e.ts', wall: 60, cpu: 20, at: 1 },
      { file: 'swap.e2e.ts', wall: 30, cpu: 10, at: 2 },
    ]);
  });

  it('weighs a file by its latest measurement, else by the committed weight, else by the median', () => {
    const recorded = parseCostLines([line('send.e2e.ts', 90, 1), line('send.e2e.ts', 70, 5), line('send.e2e.ts', 80, 3)].join('\n'));
    expect(latestByFile(recorded).get('send.e2e.ts')?.wall).toBe(70);
    const weightOf = weightsFrom({ 'send.e2e.ts': 40, 'swap.e2e.ts': 20, 'axe.e2e.ts': 100 }, recorded);
    expect([weightOf('send.e2e.ts'), weightOf('swap.e2e.ts'), weightOf('new.e2e.ts')]).toEqual([70, 20, 40]);
  });

  it('names a file whose time is off its weight by more than half and more than 20 s', () => {
    const weightOf = (file: string) => ({ 'a.e2e.ts': 100, 'b.e2e.ts': 10, 'c.e2e.ts': 100 })[file]!;
    const took = [
      { file: 'a.e2e.ts', wall: 160, cpu: 0, at: 0 },
      { file: 'b.e2e.ts', wall: 29, cpu: 0, at: 0 },
      { file: 'c.e2e.ts', wall: 140, cpu: 0, at: 0 },
    ];
    expect(staleWeights(weightOf, took)).toEqual([{ file: 'a.e2e.ts', planned: 100, took: 160 }]);
  });

  it('keeps one line a file in a record, the latest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-costs-'));
    try {
      const path = join(dir, 'offset-0.jsonl');
      writeFileSync(path, [line('send.e2e.ts', 90, 1), line('swap.e2e.ts', 30, 2), line('send.e2e.ts', 70, 3)].join('\n'));
      compactCostsFile(path);
      expect(parseCostLines(readFileSync(path, 'utf8'))).toEqual([
        { file: 'send.e2e.ts', wall: 70, cpu: 70 / 3, at: 3 },
        { file: 'swap.e2e.ts', wall: 30, cpu: 10, at: 2 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('regenerates the committed weights from the measurement, for the files that exist', () => {
    const recorded = parseCostLines([line('send.e2e.ts', 63.4, 1)].join('\n'));
    expect(regeneratedWeights({ 'send.e2e.ts': 40, 'swap.e2e.ts': 20, 'gone.e2e.ts': 9 }, recorded, ['swap.e2e.ts', 'send.e2e.ts'])).toEqual({
      'send.e2e.ts': 63,
      'swap.e2e.ts': 20,
    });
  });
});
