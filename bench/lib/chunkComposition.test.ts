import { describe, expect, it } from 'vitest';
import { packageOf } from './chunkComposition.ts';

describe('attributing chunk bytes to packages', () => {
  it('names the package a source came from, scoped or not, and Cairn packages by workspace', () => {
    expect(packageOf('../../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(packageOf('../../../node_modules/viem/node_modules/@noble/hashes/esm/sha3.js')).toBe('@noble/hashes');
    expect(packageOf('../../../packages/core/src/createCairn.ts')).toBe('@cairn/core');
    expect(packageOf('main.tsx')).toBe('(page)');
  });
});
