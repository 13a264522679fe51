import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/** Where buildPrebuiltPages puts each page (known before they are built). */
export function prebuiltPagePaths(): PrebuiltPages {
  const base = join(root, E2E_PAGES_DIR);
  return { framePage: join(base, 'framePage'), frameSite: join(base, 'frameSite'), frameCustody: join(base, 'frameCustody') };
}

export async function buildPrebuiltPages(): Promise<PrebuiltPages> {
  const base = join(root, E2E_PAGES_DIR);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const pages = prebuiltPagePaths();
  await runOrThrow(process.execPath, ['--conditions=@cairn/source', '--import', 'tsx', join(import.meta.dirname, 'buildPages.ts'), JSON.stringify(pages)], { cwd: root });
  return pages;
}
