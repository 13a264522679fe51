import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf, sourceLookup } from './chunkComposition.ts';

describe('attributing chunk bytes to packages', () => {
  it('names the package a source came from, scoped or not, and Cairn packages by workspace', () => {
    expect(packageOf('../../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(packageOf('../../../node_modules/viem/node_modules/@noble/hashes/esm/sha3.js')).toBe('@noble/hashes');
    expect(packageOf('../../../packages/core/src/createCairn.ts')).toBe('@cairn/core');
    expect(packageOf('main.tsx')).toBe('(page)');
  });

  it('finds the source of a position in a minified chunk (a profile sample), and nothing where nothing is mapped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-chunk-'));
    const chunk = join(dir, 'entry.js');
    writeFileSync(chunk, 'let a=1;b();\nx');
    // Line 0: column 0 from a.ts, column 5 from b.ts; line 1 unmapped.
    writeFileSync(`${chunk}.map`, JSON.stringify({ version: 3, sources: ['a.ts', 'b.ts'], names: [], mappings: 'AAAA,KCAA;' }));
    const sourceAt = sourceLookup(chunk);
    expect([sourceAt(0, 0), sourceAt(0, 4), sourceAt(0, 5), sourceAt(0, 11)]).toEqual(['a.ts', 'a.ts', 'b.ts', 'b.ts']);
    expect(sourceAt(1, 0)).toBeUndefined();
  });
});
