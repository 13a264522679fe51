import { injectTestWallets } from '@cairn/devnet';
import type { Browser, Page } from 'playwright-core';
import { readManifest, staticClosure, type BundleSizes } from './bundleSizes.ts';

/** The least time between the button showing and the click (a person's reaction time). */
export const SETTLE_MS = 1_000;
export const CONNECT_TEXT = 'Connect Wallet';

/**
 * Waits as the visitor does before clicking: the network quiet for 500 ms, and at least SETTLE_MS
 * after the button showed (`buttonShownAt`, the page's performance.now()). What a page fetches
 * when idle (Cairn's modal, the anchors' connectors and views) is in by then on every page alike.
 */
export async function settleBeforeClick(page: Page, buttonShownAt: number, cpuThrottle: number): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 * cpuThrottle }).catch(() => {});
  const sinceButton = await page.evaluate((shownAt) => performance.now() - shownAt, buttonShownAt);
  if (sinceButton < SETTLE_MS) await page.waitForTimeout(SETTLE_MS - sinceButton);
}

/** JS files of 127.0.0.1 (build paths, `assets/x.js`) the page has requested so far. */
export function jsFetched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.hostname === '127.0.0.1' && url.pathname.endsWith('.js'))
      .map((url) => url.pathname.slice(1)),
  );
}

/**
 * One cold load of a page as the bench loads it (the injected test wallet, a fresh context), up to
 * the moment the visitor would click: the JS files it has fetched by then. The size guard's measure.
 */
export async function fetchedBeforeClick(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await injectTestWallets(page, [{}]);
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('button', { name: CONNECT_TEXT, exact: true }).first().waitFor({ state: 'visible' });
    await settleBeforeClick(page, await page.evaluate(() => performance.now()), 1);
    return await jsFetched(page);
  } finally {
    await context.close();
  }
}

/** gzip bytes of the files, each priced at its own size as a server sends it. */
export const gzipOf = (files: readonly string[], bundle: BundleSizes) => files.reduce((sum, file) => sum + (bundle.files[file]?.gzip ?? 0), 0);

export interface FetchedChunk {
  file: string;
  /** The module the chunk is built from, or the shared modules' chunk name. */
  name: string;
  gzip: number;
  why: string;
}

const shortName = (source: string) => source.replace(/^(\.\.\/)+/, '').replace(/^_/, '');

/**
 * A row per JS file fetched before the click: its size and why it loads when it does, read from
 * Vite's manifest: the entry, a static import of it, or the dynamic import(s) whose chunk or shared
 * code it is. `expected`: the reason for each dynamic import a page may fetch before the click,
 * by source (cairnChunks.ts, BEFORE_CLICK).
 */
export function explainFetched(buildDir: string, bundle: BundleSizes, fetched: readonly string[], expected: Readonly<Record<string, string>>): FetchedChunk[] {
  const manifest = readManifest(buildDir);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = staticClosure(manifest, entries);
  const fetchedKeys = new Set(fetched.flatMap((file) => keyOf.get(file) ?? []));
  const dynamicFetched = [...fetchedKeys].filter((key) => manifest[key]!.isDynamicEntry);
  return [...new Set(fetched)].map((file) => {
    const key = keyOf.get(file);
    const name = key ? shortName(manifest[key]!.src ?? key) : file;
    const gzip = bundle.files[file]?.gzip ?? 0;
    if (!key) return { file, name, gzip, why: 'not in the build manifest' };
    if (manifest[key]!.isEntry) return { file, name, gzip, why: "the entry (index.html's script)" };
    if (initial.has(key)) return { file, name, gzip, why: 'a static import of the entry (modulepreload)' };
    const owners = dynamicFetched.filter((owner) => staticClosure(manifest, [owner]).has(key));
    const reasons = owners.map((owner) => {
      const source = manifest[owner]!.src ?? owner;
      const reason = Object.entries(expected).find(([suffix]) => source.endsWith(suffix))?.[1];
      return owner === key ? (reason ?? 'a dynamic import fetched before the click (not the next click’s code)') : `shared code of ${shortName(source)}`;
    });
    return { file, name, gzip, why: reasons.join('; ') || 'fetched before the click by no known import' };
  });
}
