import { describe, expect, it } from 'vitest';
import { splitByWeight } from './weightedShards.ts';

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
