import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileUsesPolkadot } from './polkadotShard.ts';
import { committedWeights, orderForRun, shardOf, splitByWeight } from './weightedShards.ts';

describe('splitByWeight', () => {
  it('puts each file, heaviest first, in the shard with the least time so far', () => {
    const weights: Record<string, number> = { a: 100, b: 60, c: 50, d: 30, e: 10, f: 10 };
    const [first, second] = splitByWeight(Object.keys(weights), (file) => weights[file]!, 2);
    expect(first).toEqual(['a', 'd']);
    expect(second).toEqual(['b', 'c', 'e', 'f']);
  });

  it('gives every file to exactly one shard', () => {
    const files = Array.from({ length: 41 }, (_, index) => `f${index}`);
    const shards = splitByWeight(files, (file) => file.length, 2);
    expect(shards.flat().sort()).toEqual([...files].sort());
  });
});

describe('the files that use the Polkadot chain', () => {
  it('go as one piece, by their summed weight, to one shard', () => {
    const weights: Record<string, number> = { a: 100, b: 60, c: 50, d: 30, e: 10, f: 10 };
    const together = new Set(['c', 'e']);
    const [first, second] = splitByWeight(Object.keys(weights), (file) => weights[file]!, 2, (file) => together.has(file));
    expect(first).toEqual(['a', 'd']);
    expect(second).toEqual(['c', 'e', 'b', 'f']);
  });

  it('are in one of npm test\'s three shards by the committed weights, and every file in exactly one', () => {
    const dir = join(import.meta.dirname, '..');
    const paths = readdirSync(dir).filter((name) => name.endsWith('.e2e.ts')).map((name) => join(dir, name));
    const weights = committedWeights();
    const weightOf = (path: string) => weights[path.slice(dir.length + 1)] ?? 60;
    const shards = [1, 2, 3].map((index) => shardOf([...paths].reverse(), weightOf, { index, count: 3 }));
    expect(shards.flat().sort()).toEqual([...paths].sort());
    const withPolkadot = shards.map((files) => files.filter(fileUsesPolkadot).map((path) => path.slice(dir.length + 1)).sort());
    expect(withPolkadot.filter((files) => files.length > 0)).toEqual([['polkadot.e2e.ts', 'siteRpc.e2e.ts']]);
    // The split stays even with the two together (committed weights of session 24: 948 / 949 / 948 s).
    const totals = shards.map((files) => files.reduce((total, path) => total + weightOf(path), 0));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThan(60);
  });
});

describe('orderForRun', () => {
  it('runs the files that wait for the package build last, each part longest first', () => {
    const weights: Record<string, number> = { stranger: 300, send: 60, ssr: 40, connect: 80 };
    const waits = new Set(['stranger', 'ssr']);
    expect(orderForRun(Object.keys(weights), (file) => waits.has(file), (file) => weights[file]!)).toEqual(['connect', 'send', 'stranger', 'ssr']);
  });
});
