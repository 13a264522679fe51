import { readFileSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { compactCostsFile, costsFileOf, parseCostLines, staleWeights } from './fileCosts.ts';
import { runWeights } from './weightedShards.ts';

export interface CostRecord {
  path: string;
  since: number;
  weightOf: (file: string) => number;
}

/** At the run's start: the weights it splits by, and its record of file costs kept to one line a file. */
export function startCostRecord(path = process.env.VITEST_FILE_CPU ?? costsFileOf(Number(process.env.E2E_PORT_OFFSET ?? 0))): CostRecord {
  const weightOf = runWeights();
  compactCostsFile(path);
  return { path, since: Date.now(), weightOf };
}

/**
 * At the run's end: what its files were planned to take and took, and the files whose weight misled
 * the split, so that a stale weight is said in the log, not found by a slow shard.
 */
export function shardCostReport({ path, since, weightOf }: CostRecord, runSeconds: number): string[] {
  const took = existsSync(path) ? parseCostLines(readFileSync(path, 'utf8')).filter((cost) => cost.at >= since) : [];
  if (took.length === 0) return [];
  const shard = process.argv.find((arg) => arg.startsWith('--shard='))?.slice('--shard='.length) ?? 'all';
  const planned = took.reduce((total, cost) => total + weightOf(cost.file), 0);
  const wall = took.reduce((total, cost) => total + cost.wall, 0);
  const cpu = took.reduce((total, cost) => total + cost.cpu, 0);
  const lines = [
    `e2e shard ${shard}: ${took.length} files planned ${Math.round(planned)} s, took ${Math.round(wall)} s (${Math.round(cpu)} CPU-s of the run's processes); ${Math.round(runSeconds)} s with the stack's start`,
  ];
  const stale = staleWeights(weightOf, took);
  if (stale.length > 0) {
    lines.push(
      `e2e shard ${shard}: weights off by more than half: ${stale.map((s) => `${basename(s.file)} planned ${s.planned} s, took ${s.took} s`).join('; ')}` +
        ' (the next run on this machine splits by these times; `npx tsx e2e/support/regenerateWeights.ts` commits them for CI)',
    );
  }
  return lines;
}
