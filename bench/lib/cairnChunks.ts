import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lazyChunkCost, readManifest, type BundleSizes } from './bundleSizes.ts';
import { chunkComposition } from './chunkComposition.ts';
import { repoRoot } from './paths.ts';
import type { CairnChunks } from './results.ts';

/** The module behind the modal's dynamic import (packages/react/src/modal/loadModal.ts). */
export const MODAL_SOURCE = 'packages/react/src/modal/Modal.tsx';

/** Whether any workspace package depends on WalletConnect's SDK. */
function hasWalletConnect(): boolean {
  const packagesDir = join(repoRoot, 'packages');
  return readdirSync(packagesDir).some((name) => {
    const manifest = join(packagesDir, name, 'package.json');
    return existsSync(manifest) && readFileSync(manifest, 'utf8').includes('@walletconnect/');
  });
}

/** Cairn's own chunks: the modal's first-open cost and what the entry chunk is made of. */
export function cairnChunks(buildDir: string, bundle: BundleSizes): CairnChunks {
  const manifest = readManifest(buildDir);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  const composition = chunkComposition(join(buildDir, entry.file));
  const entrySize = bundle.files[entry.file]!;
  const entryComposition = [...composition]
    .sort((a, b) => b[1] - a[1])
    .map(([name, raw]) => ({ name, raw, gzipShare: Math.round((raw / entrySize.raw) * entrySize.gzip) }));
  return {
    modal: lazyChunkCost(buildDir, bundle, MODAL_SOURCE) ?? null,
    entryComposition,
    walletConnect: hasWalletConnect()
      ? 'present in the workspace, not priced by the bench yet'
      : 'not built yet (no WalletConnect connector in Cairn)',
  };
}
