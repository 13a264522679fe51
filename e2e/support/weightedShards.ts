import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readRecordedCosts, weightsFrom } from './fileCosts.ts';

/**
 * Splits the e2e files into shards of about equal time rather than equal count: each file, longest
 * first, goes to the shard with the least time so far. A file's time is its latest measurement on
 * this machine (fileCosts.ts), else e2e/fileWeights.json's (a clean clone: CI), so `--shard=1/3` to
 * `--shard=3/3`, run side by side, end at about the same moment.
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

/**
 * A shard's files in the order they run: the files that wait for npm test's package build last, so
 * that the shard runs the others meanwhile instead of waiting (ci2 of session 16: strangerProject,
 * sixth in its shard, waited from about 345 s to 490 s for the build lane), each part longest first.
 */
export function orderForRun<T>(files: T[], waitsForBuild: (file: T) => boolean, weightOf: (file: T) => number): T[] {
  const longestFirst = [...files].sort((a, b) => weightOf(b) - weightOf(a));
  return [...longestFirst.filter((file) => !waitsForBuild(file)), ...longestFirst.filter(waitsForBuild)];
}

/** The committed weights: seconds per file, from a measured run (e2e/support/regenerateWeights.ts). */
export const committedWeights = (): Record<string, number> => JSON.parse(readFileSync(join(import.meta.dirname, '../fileWeights.json'), 'utf8'));

/** The weights this run splits by: the latest measurement on this machine, else the committed weight. */
export const runWeights = () => weightsFrom(committedWeights(), readRecordedCosts());

// A file that waits for dist/ calls buildPackages() (scripts/lib/buildPackages.mjs) in a hook.
const waitsForBuild = (spec: TestSpecification) => /\bbuildPackages\(\)/.test(readFileSync(spec.moduleId, 'utf8'));

export default class WeightedShardSequencer extends BaseSequencer {
  private readonly weightOf = ((weights) => (spec: TestSpecification) => weights(basename(spec.moduleId)))(runWeights());

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    // Sorted by path first, so every shard's process computes the same split.
    const byPath = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    const mine = splitByWeight(byPath, this.weightOf, count)[index - 1]!;
    const planned = Math.round(mine.reduce((total, spec) => total + this.weightOf(spec), 0));
    console.log(`e2e shard ${index}/${count}: ${mine.length} files, planned ${planned} s of tests (besides the stack's start)`);
    return mine;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return orderForRun(files, waitsForBuild, this.weightOf);
  }
}
