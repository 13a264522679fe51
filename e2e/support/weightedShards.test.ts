import { describe, expect, it } from 'vitest';
import { orderForRun, splitByWeight } from './weightedShards.ts';

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

describe('orderForRun', () => {
  it('runs the files that wait for the package build last, each part longest first', () => {
    const weights: Record<string, number> = { stranger: 300, send: 60, ssr: 40, connect: 80 };
    const waits = new Set(['stranger', 'ssr']);
    expect(orderForRun(Object.keys(weights), (file) => waits.has(file), (file) => weights[file]!)).toEqual(['connect', 'send', 'stranger', 'ssr']);
  });
});
