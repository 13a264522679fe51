import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths inside bench/, independent of the working directory. */
export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(benchDir, '..');
export const pagesDir = join(benchDir, 'pages');
/** The committed manifest and lockfile of the anchors (bench/anchors/ itself is gitignored whole). */
export const anchorVersionsDir = join(benchDir, 'anchor-versions');
export const anchorsDir = join(benchDir, 'anchors');
export const resultsDir = join(benchDir, 'results');
export const buildDir = join(resultsDir, 'build');
/** The bench's own tools (autocannon), pinned in tool-versions/ and installed into anchors/tools/ (gitignored). */
export const toolVersionsDir = join(benchDir, 'tool-versions');
export const toolsDir = join(anchorsDir, 'tools');
