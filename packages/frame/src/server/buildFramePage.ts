import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { sourceResolve } from '../../../../scripts/lib/sourceConditions.ts';

const PAGE_DIR = fileURLToPath(new URL('../../page/', import.meta.url));

/** Builds the frame page and its approval window with Vite into `outDir` (index.html, approval.html and hashed scripts; no inline script). */
export async function buildFramePage(outDir: string): Promise<void> {
  await build({
    ...sourceResolve,
    root: PAGE_DIR,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    base: '/',
    build: { rollupOptions: { input: { index: `${PAGE_DIR}index.html`, approval: `${PAGE_DIR}approval.html` } }, outDir, emptyOutDir: true, modulePreload: { polyfill: false }, sourcemap: false, assetsInlineLimit: 0 },
  });
}
