import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withDirectoryLock } from '../../scripts/lib/buildLock.mjs';
import { runOrThrow } from './runOrThrow.ts';
import { E2E_PAGES_DIR } from './ports.ts';

/**
 * The static pages several e2e files serve, built once per run by the global setup rather than once
 * per file: the secure frame page (also what the stack's frame serves) and the site fixtures.
 */
export interface PrebuiltPages {
  /** packages/frame's page (buildFramePage). */
  framePage: string;
  /** e2e/fixtures/frameSite: a site driving @cairn/frame/client. */
  frameSite: string;
  /** e2e/fixtures/frameCustody: the frame's key custody on a page of its own. */
  frameCustody: string;
}

const root = resolve(import.meta.dirname, '../..');

/**
 * The pages name no port, so the browser shards of one `npm test` (scripts/test.mjs sets
 * E2E_PAGES_RUN to its run's id) share one build: the first shard's global setup builds them, the
 * others wait for it and serve the same folder (three builds a run before, 3.6 CPU-s each at load 31).
 * Without it (one shard or a file run by hand) each port offset builds its own.
 */
export function sharedPagesRun(value = process.env.E2E_PAGES_RUN): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]{1,20}$/.test(value)) throw new Error(`E2E_PAGES_RUN must be a run id of digits, got ${JSON.stringify(value)}`);
  return value;
}

function pagesBase(): string {
  const run = sharedPagesRun();
  return join(root, run === undefined ? E2E_PAGES_DIR : `.scratch/e2e-pages-run-${run}`);
}

/** Where buildPrebuiltPages puts each page (known before they are built). */
export function prebuiltPagePaths(): PrebuiltPages {
  const base = pagesBase();
  return { framePage: join(base, 'framePage'), frameSite: join(base, 'frameSite'), frameCustody: join(base, 'frameCustody') };
}

async function buildInto(base: string, pages: PrebuiltPages): Promise<void> {
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  await runOrThrow(process.execPath, ['--conditions=@cairn/source', '--import', 'tsx', join(import.meta.dirname, 'buildPages.ts'), JSON.stringify(pages)], { cwd: root });
}

export async function buildPrebuiltPages(): Promise<PrebuiltPages> {
  const base = pagesBase();
  const pages = prebuiltPagePaths();
  if (sharedPagesRun() === undefined) {
    await buildInto(base, pages);
    return pages;
  }
  // A shard whose build failed leaves no mark: the next one tries again (and fails the same way, saying why).
  const built = join(base, 'built');
  await withDirectoryLock(`${base}.lock`, async () => {
    if (existsSync(built)) return;
    await buildInto(base, pages);
    writeFileSync(built, '');
  });
  return pages;
}
