import { readFileSync } from 'node:fs';
import { injectTestWallets } from '@cairn/devnet';
import type { Browser, Page } from 'playwright-core';
import { CONNECT_TEXT, jsFetched, settleBeforeClick } from './fetchedBeforeClick.ts';

const PROBE_SCRIPT = readFileSync(new URL('./pageProbe.browser.js', import.meta.url), 'utf8');
/** The injected test wallet's default name (DEFAULT_WALLET_INFOS[0] in @cairn/devnet). */
export const TEST_WALLET_NAME = 'Cairn Test Wallet';
/** The one network every page configures, in its main.jsx or main.tsx. */
export const CHAIN_RPC_URL = 'http://127.0.0.1:8545';

export interface PageRun {
  /** Navigation start to the connect button laid out and visible. */
  buttonVisibleMs: number | null;
  /**
   * The same from the end of the init scripts, so without the injected test wallet's start-up
   * (its key derivation takes 100-700 ms, the largest source of spread in load times here).
   */
  buttonAfterWalletMs: number | null;
  /** The page receiving the click to the injected wallet's row laid out and visible; null if it never showed. */
  clickToRowMs: number | null;
  /** The same from the click's input timestamp, so including the input's trip through the browser. */
  clickInputToRowMs: number | null;
  /** Click to the first animation frame after the row appeared (the frame that paints it). */
  clickToRowFrameMs: number | null;
  /** JSHeapUsedSize after a forced GC, once the row showed (or the wait for it ended). */
  heapBytes: number | null;
  /** JS files (build paths, `assets/x.js`) the page fetched before the click. */
  jsFetchedBeforeClick: string[];
  /** Requests to any host but 127.0.0.1, all of which failed to resolve. */
  foreignRequests: string[];
  /** Foreign requests that nevertheless completed: must stay empty, or the isolation leaked. */
  leakedRequests: string[];
  /** Requests to the local chain's RPC (none expected before a wallet connects). */
  chainRequests: number;
  pageErrors: string[];
}

export interface MeasureOptions {
  url: string;
  cpuThrottle: number;
  /** How long to wait for the row after the click. */
  rowTimeoutMs: number;
}

interface Probe {
  initScriptsDoneAt: number | null;
  buttonVisibleAt: number | null;
  clickAt: number | null;
  clickInputAt: number | null;
  rowVisibleAt: number | null;
  rowFrameAt: number | null;
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __benchProbe: Probe }).__benchProbe);

const isForeign = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol !== 'data:' && protocol !== 'blob:' && hostname !== '127.0.0.1';
};

/**
 * One cold load of a page in a fresh context: button visible, then (once the page has settled) a
 * click and the wallet row, then the heap.
 */
export async function measurePage(browser: Browser, options: MeasureOptions): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const leakedRequests: string[] = [];
  const pageErrors: string[] = [];
  let chainRequests = 0;
  page.on('request', (request) => {
    if (isForeign(request.url())) foreignRequests.push(request.url());
    if (request.url().startsWith(CHAIN_RPC_URL)) chainRequests += 1;
  });
  page.on('requestfinished', (request) => {
    if (isForeign(request.url())) leakedRequests.push(request.url());
  });
  page.on('websocket', (socket) => {
    if (isForeign(socket.url())) foreignRequests.push(socket.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));

  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (options.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });

    await page.addInitScript({
      content: `window.__benchProbeConfig = ${JSON.stringify({ buttonText: `^\\s*${CONNECT_TEXT}\\s*$`, rowText: TEST_WALLET_NAME })};`,
    });
    await page.addInitScript({ content: PROBE_SCRIPT });
    await injectTestWallets(page, [{}]);
    // Init scripts run in the order they were added: this one runs once the wallet is installed.
    await page.addInitScript({ content: 'window.__benchProbe.initScriptsDoneAt = performance.now();' });

    const timeout = 30_000 * options.cpuThrottle;
    await page.goto(options.url, { waitUntil: 'load', timeout });
    await page.waitForFunction(() => (window as unknown as { __benchProbe: Probe }).__benchProbe.buttonVisibleAt !== null, null, {
      timeout,
      polling: 20,
    });
    // The visitor clicks once the page has settled (settleBeforeClick).
    await settleBeforeClick(page, (await readProbe(page)).buttonVisibleAt!, options.cpuThrottle);
    const jsFetchedBeforeClick = await jsFetched(page);

    await page.getByRole('button', { name: CONNECT_TEXT, exact: true }).first().click({ timeout });
    const rowShown = await page
      .waitForFunction(() => (window as unknown as { __benchProbe: Probe }).__benchProbe.rowFrameAt !== null, null, {
        timeout: options.rowTimeoutMs,
        polling: 20,
      })
      .then(
        () => true,
        () => false,
      );
    if (rowShown) await page.waitForTimeout(250); // let the opening animation end before the heap
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? null;

    const probe = await readProbe(page);
    const since = (at: number | null) => (at === null || probe.clickAt === null ? null : at - probe.clickAt);
    return {
      buttonVisibleMs: probe.buttonVisibleAt,
      buttonAfterWalletMs:
        probe.buttonVisibleAt === null || probe.initScriptsDoneAt === null ? null : probe.buttonVisibleAt - probe.initScriptsDoneAt,
      clickToRowMs: since(probe.rowVisibleAt),
      clickInputToRowMs: probe.rowVisibleAt === null || probe.clickInputAt === null ? null : probe.rowVisibleAt - probe.clickInputAt,
      clickToRowFrameMs: since(probe.rowFrameAt),
      heapBytes,
      jsFetchedBeforeClick,
      foreignRequests,
      leakedRequests,
      chainRequests,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}
