import { basename, dirname, join } from 'node:path';
import { build } from 'vite';
import { packageDir, testWalletScriptPath } from './paths.ts';

/** Bundles src/test-wallet/browser.ts into one self-contained IIFE, by default dist/test-wallet.js. */
export async function buildTestWallet(outFile = testWalletScriptPath): Promise<{ ms: number }> {
  const started = performance.now();
  await build({
    configFile: false,
    logLevel: 'warn',
    root: packageDir,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: dirname(outFile),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: join(packageDir, 'src/test-wallet/browser.ts'),
        formats: ['iife'],
        name: 'cairnTestWalletBundle',
        fileName: () => basename(outFile),
      },
    },
  });
  return { ms: performance.now() - started };
}
