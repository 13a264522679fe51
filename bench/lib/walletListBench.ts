// Part 3 of the bench: All Wallets with a 10,000-wallet catalogue (issue 6). See bench/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { sourceResolve } from '../../scripts/lib/sourceConditions.ts';
import { startBenchServer, waitFor } from './benchServer.ts';
import { longTasksWithCpu, type TaskTraceEvent } from './longTaskCpu.ts';
import { repoRoot, resultsDir } from './paths.ts';
import { startStaticServer } from './staticServer.ts';
import { describe, percentile, type Stat } from './stats.ts';

const HOST = '127.0.0.1';
/** Bench-only port, apart from the server part's (26787, 26788), `npm start` and the tests. */
export const WALLET_BENCH_PORTS = { server: 26789 } as const;
/** The catalogue size of the target: the shipped wallets plus generated ones, 10,000 in all. */
export const WALLET_BENCH_SIZE = 10_000;
/** Pixels scrolled per animation frame: 10 rows of 68 px, a fast flick held for the whole list. */
const SCROLL_STEP_PX = 680;
const SCROLL_TIMEOUT_MS = 180_000;

export interface WalletListResults {
  /** Wallets the server counts for the page's networks. */
  catalogueSize: number;
  /** Wallets in the list after scrolling to its end, and the pages of 40 it took. */
  listed: number;
  pages: number;
  scroll: {
    durationMs: number;
    frames: number;
    /** Frame intervals over 1.5 frames (25 ms) count the frames they skipped (interval / 16.7 ms − 1). */
    droppedFrames: number;
    longestFrameMs: number;
    p95FrameMs: number;
    /** PerformanceObserver('longtask'): main-thread tasks over 50 ms while scrolling. */
    longTasks: number;
    longestTaskMs: number | null;
    /**
     * The same tasks from a trace of the scroll (RunTask over 50 ms on the renderer's main thread),
     * with the CPU time the thread spent in each: on a shared machine a task's wall time also
     * counts its waits for a core; the CPU time is the page's own work. Null: not traced.
     */
    longTaskCpuMs: number[] | null;
  };
  search: {
    runs: number;
    queries: string[];
    /** The search response's end (Resource Timing responseEnd) to the end of the first frame with its results in the DOM. */
    responseToPaintedMs: Stat;
    /** The last keystroke reaching the page to the same moment: the 300 ms debounce and the server round trip included. */
    keystrokeToPaintedMs: Stat;
    /**
     * responseToPaintedMs in three: the response's end to its results in the DOM (the page's script:
     * the body read, the store, React's render and commit), then to the next frame's
     * requestAnimationFrame (waiting for the frame), then to the end of that frame (style, layout, paint).
     */
    responseToDomMs?: Stat;
    domToFrameMs?: Stat;
    frameToPaintedMs?: Stat;
    /** Results shown per query (the server returns at most 100). */
    results: number[];
  };
  domRowsWhileScrolling: number;
}

const WORDS_A = ['Amber', 'Birch', 'Cobalt', 'Dune', 'Ember', 'Fjord', 'Glacier', 'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Lumen', 'Meadow', 'Nimbus', 'Onyx', 'Pine', 'Quartz', 'Ridge', 'Summit', 'Tundra', 'Umber', 'Vale', 'Willow', 'Xenon', 'Yarrow', 'Zephyr'];
const WORDS_B = ['Vault', 'Pocket', 'Keys', 'Safe', 'Purse', 'Ledger', 'Chest', 'Pass', 'Wallet', 'Box', 'Sack', 'Case', 'Pouch', 'Locker', 'Coffer', 'Satchel', 'Bank', 'Till', 'Stash', 'Hold'];
/** Search queries: word starts that match a few hundred generated names (the server keeps 100). */
const QUERIES = ['amb', 'bir', 'cob', 'dun', 'emb', 'fjo', 'gla', 'har', 'ind', 'jun', 'kes', 'lum', 'mea', 'nim', 'ony', 'pin', 'qua', 'rid', 'sum', 'tun'];

/** `count` wallets in the format of data/wallets.json, their logos taken in turn from `logos` (paths beside the file). */
export function generateWallets(count: number, logos: readonly string[]): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const a = WORDS_A[index % WORDS_A.length]!;
    const b = WORDS_B[Math.floor(index / WORDS_A.length) % WORDS_B.length]!;
    const id = `bench.wallet${String(index).padStart(5, '0')}`;
    return { id, name: `${a} ${b} ${index}`, rdns: id, chains: ['eip155:1'], homepage: null, image: logos[index % logos.length] };
  });
}

/**
 * Logos for the generated wallets: 50 of the shipped ones, in the catalogue's own formats (WebP
 * and JPEG, 128 px; the 21 shipped SVG logos stay with their wallets).
 */
function copyLogos(dir: string): string[] {
  const from = join(repoRoot, 'packages', 'server', 'data', 'images', 'wallets');
  const into = join(dir, 'logos');
  mkdirSync(into, { recursive: true });
  const picked = readdirSync(from).filter((file) => /\.(webp|jpe?g)$/.test(file)).sort().slice(0, 50);
  for (const file of picked) copyFileSync(join(from, file), join(into, file));
  return picked.map((file) => `logos/${file}`);
}

/** The server with the catalogue file; it needs no chain (an unreachable RPC) and no indexer. */
const startServer = (dir: string, walletsFile: string, corsOrigin: string) =>
  startBenchServer(WALLET_BENCH_PORTS.server, join(dir, 'server.sqlite'), {
    RPC_URL_31337: `http://${HOST}:1`,
    INDEXER_ENABLED: 'false',
    EXTRA_WALLETS_FILE: walletsFile,
    CORS_ORIGINS: corsOrigin,
    LOG_LEVEL: 'warn',
  });

/** A production build of walletListPage.tsx, as the other pages are built (lib/buildPage.ts). */
async function buildWalletPage(dir: string): Promise<string> {
  const root = join(dir, 'page');
  const outDir = join(dir, 'build');
  mkdirSync(root, { recursive: true });
  const entry = relative(root, join(repoRoot, 'bench', 'lib', 'walletListPage.tsx'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Cairn wallet list bench</title></head>` +
      `<body><div id="root"></div><script type="module" src="${entry}"></script></body></html>\n`,
  );
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ ...sourceResolve, configFile: false, envDir: false, root, mode: 'production', logLevel: 'warn', plugins: [...sourceResolve.plugins, react()], build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 100_000, sourcemap: 'hidden' } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

type ListState = { wallets: unknown[]; complete: boolean; pageStatus: string; page: number; count?: number };
type BenchWindow = { benchCairn: { stores: { walletList: { get(): ListState } } } };

/** Scrolls the list from top to bottom, a fixed step per frame, loading every page; frames and long tasks recorded in the page. */
function scrollWholeList(page: Page) {
  return page.evaluate(
    ({ step, timeout }) =>
      new Promise<{ frames: number[]; longTasks: number[]; durationMs: number; maxRows: number; listed: number; pages: number; count: number }>((resolve) => {
        const root = document.querySelector('cairn-modal')!.shadowRoot!;
        const list = root.querySelector<HTMLElement>('.vlist')!;
        const store = (window as unknown as BenchWindow).benchCairn.stores.walletList;
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((entries) => longTasks.push(...entries.getEntries().map((entry) => entry.duration)));
        observer.observe({ type: 'longtask' });
        const frames: number[] = [];
        const started = performance.now();
        let last = started;
        let maxRows = 0;
        const frame = (now: number) => {
          frames.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, list.querySelectorAll('li').length);
          const state = store.get();
          const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
          if ((atEnd && state.complete && state.pageStatus === 'idle') || now - started > timeout || state.pageStatus === 'error') {
            // Long tasks are reported after they end: one more frame lets the last one arrive.
            requestAnimationFrame(() => {
              observer.disconnect();
              resolve({ frames: frames.slice(1), longTasks, durationMs: performance.now() - started, maxRows, listed: state.wallets.length, pages: state.page, count: state.count ?? 0 });
            });
            return;
          }
          list.scrollTop += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { step: SCROLL_STEP_PX, timeout: SCROLL_TIMEOUT_MS },
  );
}

/** Arms the probe for one query: the moment its results are in the DOM, then the end of that frame. */
function armSearchProbe(page: Page, query: string) {
  return page.evaluate((query) => {
    const w = window as unknown as { __walletProbe?: { domAt?: number; frameAt?: number; paintedAt?: number }; __lastKeyAt?: number };
    w.__walletProbe = {};
    // The buffer holds 250 entries by default and the scroll filled it with pages and logos.
    performance.clearResourceTimings();
    const root = document.querySelector('cairn-modal')!.shadowRoot!;
    const done = () => {
      const rows = root.querySelector('ul.vlist-rows');
      return rows?.getAttribute('aria-label') === `Wallets matching ${query}` && rows.querySelector('li') !== null;
    };
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      w.__walletProbe!.domAt = performance.now();
      // The frame that paints the results: rAF runs before its style, layout and paint; the
      // message posted there runs after them.
      requestAnimationFrame(() => {
        w.__walletProbe!.frameAt = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          w.__walletProbe!.paintedAt = performance.now();
          performance.mark('wallet-search-painted');
        };
        channel.port2.postMessage(0);
      });
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  }, query);
}

async function searchOnce(page: Page, query: string, beforeTyping?: () => Promise<void>) {
  const root = () => page.locator('cairn-modal');
  // Start from the list: clear any search and wait for the list to be back.
  const clear = root().getByRole('button', { name: 'Clear search' });
  if (await clear.count()) await clear.click();
  await page.waitForFunction(() => document.querySelector('cairn-modal')?.shadowRoot?.querySelector('ul.vlist-rows')?.getAttribute('aria-label') === 'All wallets');
  await armSearchProbe(page, query);
  await beforeTyping?.();
  await root().getByRole('searchbox', { name: 'Search wallets' }).pressSequentially(query, { delay: 30 });
  await page.waitForFunction(() => (window as unknown as { __walletProbe?: { paintedAt?: number } }).__walletProbe?.paintedAt !== undefined, null, { timeout: 10_000 });
  return page.evaluate((query) => {
    const w = window as unknown as { __walletProbe: { domAt: number; frameAt: number; paintedAt: number }; __lastKeyAt: number };
    const response = performance
      .getEntriesByType('resource')
      .filter((entry) => {
        const url = new URL(entry.name);
        return url.pathname === '/getWallets' && url.searchParams.get('search') === query;
      })
      .at(-1) as PerformanceResourceTiming | undefined;
    const results = document.querySelector('cairn-modal')!.shadowRoot!.querySelector('ul.vlist-rows li')?.getAttribute('aria-setsize');
    return {
      responseToPainted: response ? w.__walletProbe.paintedAt - response.responseEnd : null,
      responseToDom: response ? w.__walletProbe.domAt - response.responseEnd : null,
      domToFrame: w.__walletProbe.frameAt - w.__walletProbe.domAt,
      frameToPainted: w.__walletProbe.paintedAt - w.__walletProbe.frameAt,
      keystrokeToPainted: w.__walletProbe.paintedAt - w.__lastKeyAt,
      results: Number(results ?? 0),
    };
  }, query);
}

export interface WalletListOptions {
  browser: Browser;
  searchRuns: number;
  log(line: string): void;
  /** A page built before (a copy of bench/results/wallets/build), served instead of building the workspace's (bench/searchProfile.ts). */
  builtPage?: string;
  /** False: the searches only, on the first page of the list (bench/searchProfile.ts). */
  scroll?: boolean;
  /** Each measured search traced with these categories (the last keystroke → painted), its events handed here (bench/searchProfile.ts). */
  traceSearch?: { categories: string[]; receive(events: unknown[], query: string): void };
}

export async function measureWalletList({ browser, searchRuns, log, builtPage, scroll: scrollList = true, traceSearch }: WalletListOptions): Promise<WalletListResults> {
  const dir = join(resultsDir, 'wallets');
  mkdirSync(dir, { recursive: true });
  const shipped = (JSON.parse(readFileSync(join(repoRoot, 'packages', 'server', 'data', 'wallets.json'), 'utf8')) as unknown[]).length;
  const walletsFile = join(dir, 'wallets.json');
  writeFileSync(walletsFile, JSON.stringify(generateWallets(WALLET_BENCH_SIZE - shipped, copyLogos(dir))));
  const outDir = builtPage ?? (await buildWalletPage(dir));
  const site = await startStaticServer(outDir);
  const server = startServer(dir, walletsFile, new URL(site.url).origin);
  try {
    await waitFor('wallet bench: the server', async () => ((await fetch(`${server.url}/health`)).ok ? true : undefined), server.child, 60_000);
    log(`wallet list: server with ${WALLET_BENCH_SIZE} wallets up, page at ${site.url}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // tsx compiles this file with esbuild's keepNames: functions sent to page.evaluate call a
      // `__name` helper that exists only in Node. The page gets an identity one.
      await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      await page.addInitScript(() => {
        window.addEventListener('keydown', () => ((window as unknown as { __lastKeyAt: number }).__lastKeyAt = performance.now()), true);
      });
      await page.goto(`${site.url}?server=${encodeURIComponent(server.url)}`);
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      await page.locator('cairn-modal').getByRole('button', { name: 'All Wallets' }).click();
      await page.waitForFunction(() => document.querySelector('cairn-modal')?.shadowRoot?.querySelector('ul.vlist-rows li') !== null);

      log(scrollList ? 'wallet list: scrolling the whole list' : 'wallet list: not scrolled');
      // Only the `toplevel` category (one event per task): the trace adds next to nothing to the scroll.
      await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
      const scroll = scrollList ? await scrollWholeList(page) : { frames: [], longTasks: [], durationMs: 0, maxRows: 0, listed: 0, pages: 0, count: 0 };
      const traced = longTasksWithCpu((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TaskTraceEvent[] }).traceEvents);
      const sorted = [...scroll.frames].sort((a, b) => a - b);
      const dropped = scroll.frames.reduce((sum, interval) => sum + (interval > 25 ? Math.max(1, Math.round(interval / (1000 / 60)) - 1) : 0), 0);
      log(
        `wallet list: ${scroll.listed} wallets in ${scroll.pages} pages, ${(scroll.durationMs / 1000).toFixed(1)} s, ${scroll.longTasks.length} long tasks` +
          (traced
            ? ` (traced: ${traced.length}, the most main-thread CPU in one ${traced.length > 0 ? Math.max(...traced.map((task) => task.cpuMs)).toFixed(1) : '-'} ms)`
            : ' (the trace recorded no task)'),
      );

      log(`wallet list: ${searchRuns} searches (2 warm-up)`);
      const queries: string[] = [];
      const runs: Awaited<ReturnType<typeof searchOnce>>[] = [];
      for (let run = 0; run < searchRuns + 2; run++) {
        const query = QUERIES[run % QUERIES.length]!;
        const traceThis = traceSearch !== undefined && run >= 2;
        const measured = await searchOnce(page, query, traceThis ? () => browser.startTracing(page, { categories: traceSearch.categories }) : undefined);
        if (traceThis) traceSearch.receive((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: unknown[] }).traceEvents, query);
        if (run < 2) continue;
        queries.push(query);
        runs.push(measured);
      }
      if (errors.length > 0) throw new Error(`wallet bench page errors: ${errors.join('; ')}`);
      return {
        catalogueSize: scroll.count,
        listed: scroll.listed,
        pages: scroll.pages,
        scroll: {
          durationMs: scroll.durationMs,
          frames: scroll.frames.length,
          droppedFrames: dropped,
          longestFrameMs: sorted.at(-1) ?? 0,
          p95FrameMs: sorted.length > 0 ? percentile(sorted, 95) : 0,
          longTasks: scroll.longTasks.length,
          longestTaskMs: scroll.longTasks.length > 0 ? Math.max(...scroll.longTasks) : null,
          longTaskCpuMs: traced?.map((task) => task.cpuMs) ?? null,
        },
        search: {
          runs: runs.length,
          queries,
          responseToPaintedMs: describe(runs.map((run) => run.responseToPainted)),
          keystrokeToPaintedMs: describe(runs.map((run) => run.keystrokeToPainted)),
          responseToDomMs: describe(runs.map((run) => run.responseToDom)),
          domToFrameMs: describe(runs.map((run) => run.domToFrame)),
          frameToPaintedMs: describe(runs.map((run) => run.frameToPainted)),
          results: runs.map((run) => run.results),
        },
        domRowsWhileScrolling: scroll.maxRows,
      };
    } finally {
      await context.close();
    }
  } finally {
    await server.stop();
    await site.close();
  }
}
