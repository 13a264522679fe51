import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Splits the e2e files into shards of about equal time rather than equal count: each file, longest
 * first, goes to the shard with the least time so far. The times are e2e/fileWeights.json's (seconds
 * of a run, roughly; a file it does not know counts as the median), so `--shard=1/2` and
 * `--shard=2/2`, run side by side, end at about the same moment.
 */
export function splitByWeight<T>(files: T[], weightOf: (file: T) => number, count: number): T[][] {
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], total: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weightOf(b) - weightOf(a));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((least, shard) => (shard.total < least.total ? shard : least));
    lightest.files.push(file);
    lightest.total += weightOf(file);
  }
  return shards.map((shard) => shard.files);
}

const weights: Record<string, number> = JSON.parse(readFileSync(join(import.meta.dirname, '../fileWeights.json'), 'utf8'));
const known = Object.values(weights).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)] ?? 1;

export default class WeightedShardSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const weightOf = (spec: TestSpecification) => weights[basename(spec.moduleId)] ?? median;
    // Sorted by path first, so every shard's process computes the same split.
    const byPath = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    return splitByWeight(byPath, weightOf, count)[index - 1]!;
  }
}
