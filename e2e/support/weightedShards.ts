import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BaseSequencer, type TestProject, type TestSpecification } from 'vitest/node';
import { readRecordedCosts, weightsFrom } from './fileCosts.ts';
import { assertPolkadotFor, fileUsesPolkadot } from './polkadotShard.ts';

/**
 * Splits the e2e files into shards of about equal time rather than equal count: each file, longest
 * first, goes to the shard with the least time so far. A file's time is its latest measurement on
 * this machine (fileCosts.ts), else e2e/fileWeights.json's (a clean clone: CI), so `--shard=1/3` to
 * `--shard=3/3`, run side by side, end at about the same moment. The files for which `together` is
 * true go as one piece to one shard: the files that use the Polkadot chain, so that only their
 * shard's stack starts it (globalSetup.ts).
 */
export function splitByWeight<T>(files: T[], weightOf: (file: T) => number, count: number, together: (file: T) => boolean = () => false): T[][] {
  const grouped = files.filter(together);
  const pieces = [...(grouped.length > 0 ? [grouped] : []), ...files.filter((file) => !together(file)).map((file) => [file])];
  const weightOfPiece = (piece: T[]) => piece.reduce((total, file) => total + weightOf(file), 0);
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], total: 0 }));
  const heaviestFirst = [...pieces].sort((a, b) => weightOfPiece(b) - weightOfPiece(a));
  for (const piece of heaviestFirst) {
    const lightest = shards.reduce((least, shard) => (shard.total < least.total ? shard : least));
    lightest.files.push(...piece);
    lightest.total += weightOfPiece(piece);
  }
  return shards.map((shard) => shard.files);
}

/** Shard `index` of `count` of the files (paths), the Polkadot files together: the same in every shard's process. */
export function shardOf(paths: readonly string[], weightOf: (path: string) => number, { index, count }: { index: number; count: number }, usesPolkadot = fileUsesPolkadot): string[] {
  // Sorted by path first, so every shard's process computes the same split.
  const byPath = [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return splitByWeight(byPath, weightOf, count, usesPolkadot)[index - 1]!;
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

const weightByPath = () => ((weights) => (path: string) => weights(basename(path)))(runWeights());

/** The files this Vitest process will run: its command line's filters, then its shard, as the sequencer splits them. */
export async function filesOfThisRun(project: TestProject): Promise<string[]> {
  // Vitest's own record of the command line's file filters (not in its public types).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  const shard = project.config.shard;
  return shard ? shardOf(testFiles, weightByPath(), shard) : testFiles;
}

export default class WeightedShardSequencer extends BaseSequencer {
  private readonly weightOf = weightByPath();

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const mine = new Set(shardOf(files.map((spec) => spec.moduleId), this.weightOf, { index, count }));
    const specs = files.filter((spec) => mine.has(spec.moduleId));
    const planned = Math.round(specs.reduce((total, spec) => total + this.weightOf(spec.moduleId), 0));
    console.log(`e2e shard ${index}/${count}: ${specs.length} files, planned ${planned} s of tests (besides the stack's start)`);
    return specs;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    assertPolkadotFor(files.map((spec) => spec.moduleId));
    return orderForRun(files, waitsForBuild, (spec) => this.weightOf(spec.moduleId));
  }
}
