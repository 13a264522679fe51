import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One file as served: its bytes raw, after gzip -9 and after brotli at quality 11 (NaN: not measured). */
export interface FileSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * `brotli: false` skips brotli, for a caller that reads only gzip (bench/sizeGuard.test.ts): at
 * quality 11 it is most of the measuring's CPU, 6.4 CPU-s for the everything-on page's 107 files
 * (2.3 MB) against 0.1 for gzip -9 (measured at load ~30).
 */
export interface MeasureOptions {
  brotli?: boolean;
}

export interface SizeTotals extends FileSize {
  files: string[];
}

export interface BundleSizes {
  /** JS the page loads before any click: the entry and everything it imports statically. */
  initial: SizeTotals;
  /** JS only a dynamic import reaches. */
  lazy: SizeTotals;
  total: SizeTotals;
  initialCss: SizeTotals;
  /** Every emitted JS and CSS file, by path relative to the build folder (`assets/x.js`). */
  files: Record<string, FileSize>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(buildDir: string): Manifest {
  return JSON.parse(readFileSync(join(buildDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Compresses on libuv's thread pool, so the files of a build are measured in parallel. */
export async function measureFile(path: string, { brotli = true }: MeasureOptions = {}): Promise<FileSize> {
  const bytes = await readFile(path);
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotli ? brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
  ]);
  return { raw: bytes.length, gzip: gzipped.length, brotli: brotlied ? brotlied.length : Number.NaN };
}

/** Files are compressed one by one, as a server sends them, and the sizes added up. */
export function sumSizes(files: Iterable<string>, sizes: Record<string, FileSize>): SizeTotals {
  const list = [...new Set(files)].sort();
  const totals: SizeTotals = { raw: 0, gzip: 0, brotli: 0, files: list };
  for (const file of list) {
    const size = sizes[file];
    if (!size) throw new Error(`No size for ${file}`);
    totals.raw += size.raw;
    totals.gzip += size.gzip;
    totals.brotli += size.brotli;
  }
  return totals;
}

/** The manifest keys a chunk pulls in by static import, itself included. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>) => [...keys].map((key) => manifest[key]!.file);

export async function measureBundle(buildDir: string, options: MeasureOptions = {}): Promise<BundleSizes> {
  const manifest = readManifest(buildDir);
  const emitted = readdirSync(join(buildDir, 'assets'))
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .map((name) => `assets/${name}`);
  const measured = await Promise.all(emitted.map((file) => measureFile(join(buildDir, file), options)));
  const files = Object.fromEntries(emitted.map((file, index) => [file, measured[index]!]));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initialKeys = staticClosure(manifest, entries);
  const initialJs = new Set(filesOf(manifest, initialKeys));
  const allJs = emitted.filter((file) => file.endsWith('.js'));
  const initialCss = [...initialKeys].flatMap((key) => manifest[key]!.css ?? []);
  return {
    initial: sumSizes(initialJs, files),
    lazy: sumSizes(
      allJs.filter((file) => !initialJs.has(file)),
      files,
    ),
    total: sumSizes(allJs, files),
    initialCss: sumSizes(initialCss, files),
    files,
  };
}

/**
 * What first using a lazily loaded module costs beyond the initial JS: the chunk holding the
 * source whose path ends with `srcSuffix`, plus the chunks it imports statically that the page has
 * not loaded yet. Undefined when no chunk holds that source.
 */
export function lazyChunkCost(buildDir: string, bundle: BundleSizes, srcSuffix: string): SizeTotals | undefined {
  const manifest = readManifest(buildDir);
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.src?.endsWith(srcSuffix));
  if (!key) return undefined;
  const initial = new Set(bundle.initial.files);
  const files = filesOf(manifest, staticClosure(manifest, [key])).filter((file) => !initial.has(file));
  return sumSizes(files, bundle.files);
}
