import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin } from 'vite';
import { buildPackages } from '../../scripts/lib/buildPackages.mjs';
import type { BenchApp } from './apps.ts';
import { anchorsDir, pagesDir } from './paths.ts';

/**
 * Bare imports in an anchor's page resolve from bench/anchors, as if the page sat in a project
 * that had installed them. Imports inside those packages then resolve from where they are.
 */
function resolveFromAnchors(pageDir: string): Plugin {
  const anchorsImporter = join(anchorsDir, 'package.json');
  return {
    name: 'bench:resolve-from-anchors',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const bare = !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('\0');
      if (!bare || !importer?.startsWith(pageDir)) return null;
      return this.resolve(source, anchorsImporter, { ...options, skipSelf: true });
    },
  };
}

/**
 * One Vite config for every page; only where an anchor's imports resolve from differs. Without the
 * workspace's `@cairn/source` condition, Cairn's packages resolve as a site that installed them
 * gets them: their package.json "exports" into dist/, the files `npm pack` ships.
 */
export function pageBuildConfig(app: BenchApp, outDir: string): InlineConfig {
  const root = join(pagesDir, app.id);
  return {
    configFile: false,
    envDir: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), ...(app.anchor ? [resolveFromAnchors(root)] : [])],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      // Maps are for attributing chunk bytes to sources; 'hidden' keeps the JS byte-identical.
      sourcemap: 'hidden',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
    },
  };
}

/**
 * A production build of the app's page into outDir; returns how long it took in ms. NODE_ENV is
 * held at 'production' meanwhile: Vite and the React plugin take it over the mode, and Vitest sets
 * it to 'test', which would build React's development bundle.
 */
export async function buildPage(app: BenchApp, outDir: string): Promise<number> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  if (app.id === 'cairn' || app.id === 'cairnFull') await buildPackages(); // dist/ up to date with the sources (cached)
  const started = performance.now();
  try {
    await build(pageBuildConfig(app, outDir));
    return performance.now() - started;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
