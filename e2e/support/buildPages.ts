// Builds the static pages of PrebuiltPages into the folders given as JSON in argv[2]. Run by the
// e2e global setup as `node --conditions=@cairn/source --import tsx`, where @cairn/frame resolves
// to its sources (the global setup's own loader has no such condition).
import { join } from 'node:path';
import { build } from 'vite';
import { buildFramePage } from '@cairn/frame/server';
import { sourceResolve } from '../../scripts/lib/sourceConditions.ts';
import type { PrebuiltPages } from './prebuiltPages.ts';

const pages = JSON.parse(process.argv[2]!) as PrebuiltPages;
const fixture = (name: string, outDir: string) =>
  build({ ...sourceResolve, root: join(import.meta.dirname, '../fixtures', name), configFile: false, envDir: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });

await buildFramePage(pages.framePage);
await fixture('frameSite', pages.frameSite);
await fixture('frameCustody', pages.frameCustody);
