import { join } from 'node:path';

/**
 * A package's one-file browser bundle (package.json "cairn": { "bundle": "src/…" }): its entry
 * and everything it imports, React included, as an ES module in dist/bundle/, built from the
 * compiled dist/ of the @cairn packages (as a site gets them). Lazy parts (the modal, the
 * actions) stay chunks of their own beside it, fetched relative to the bundle.
 */
export async function bundlePackage(pkg) {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      envDir: false,
      root: pkg.dir,
      mode: 'production',
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: join(pkg.dir, 'dist', 'bundle'),
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
        reportCompressedSize: false,
        minify: true,
        // Not library mode, which would inline the lazy parts: an app-style build that keeps the
        // entry's exports.
        rollupOptions: {
          input: join(pkg.dir, pkg.manifest.cairn.bundle),
          preserveEntrySignatures: 'strict',
          output: { format: 'es', entryFileNames: 'cairn.js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
