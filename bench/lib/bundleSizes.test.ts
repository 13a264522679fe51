import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureFile, staticClosure, sumSizes, type Manifest } from './bundleSizes.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/Modal.tsx'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  'src/Modal.tsx': { file: 'assets/Modal.js', isDynamicEntry: true, imports: ['_shared.js', '_views.js'] },
  '_views.js': { file: 'assets/views.js' },
};

describe('bundle sizes', () => {
  it('counts static imports of static imports as initial, and stops at dynamic imports', () => {
    expect([...staticClosure(manifest, ['index.html'])].sort()).toEqual(['_runtime.js', '_shared.js', 'index.html']);
  });

  it('adds up each file once, compressed on its own', () => {
    const sizes = { 'a.js': { raw: 10, gzip: 5, brotli: 4 }, 'b.js': { raw: 20, gzip: 8, brotli: 7 } };
    expect(sumSizes(['a.js', 'b.js', 'a.js'], sizes)).toEqual({ raw: 30, gzip: 13, brotli: 11, files: ['a.js', 'b.js'] });
  });

  it('measures gzip -9 and brotli, or gzip alone when brotli is not asked for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-bundle-sizes-'));
    try {
      const path = join(dir, 'a.js');
      const text = 'export const greeting = "hello";\n'.repeat(200);
      writeFileSync(path, text);
      const gzip = gzipSync(text, { level: 9 }).length;
      const both = await measureFile(path);
      expect(both).toMatchObject({ raw: text.length, gzip });
      expect(both.brotli).toBeGreaterThan(0);
      expect(both.brotli).toBeLessThan(text.length);
      expect(await measureFile(path, { brotli: false })).toEqual({ raw: text.length, gzip, brotli: Number.NaN });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
