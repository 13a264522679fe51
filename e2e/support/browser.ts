import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { reportPagesOnFailure } from './failureReport.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs (a closed network, no sandbox for root); shared with bench/. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/**
 * Every host name but 127.0.0.1 fails to resolve, in every context of the browser: nothing in a
 * test can reach outside the machine, and no request waits on the test process to be let through
 * (a route on every request did that: each request's round trip through the test's Node process,
 * which on a machine at load 30 is slow, and costs CPU on both sides).
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/**
 * `polling` for page.waitForFunction where the wait is for a state, not for a frame: Playwright's
 * default ('raf') runs the check on every animation frame and keeps the renderer drawing 60 frames
 * a second for as long as the wait lasts. Measured on this machine (load 24-38, 15 s waits on a
 * static page): 1.26 CPU-s with 'raf', 0.23 with 100 ms; with a spinner on the page 2.26 and 1.34,
 * so about 0.07 CPU-s for every second a test waits. It answers at most 100 ms later.
 */
export const STATE_POLLING = { polling: 100 } as const;

/** A Chromium of the caller's own, with `extraArgs` after the usual flags; its `close()` ends it. */
export async function launchOwnChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, LOOPBACK_ONLY, ...extraArgs] });
  return reportPagesOnFailure(reduceMotionByDefault(browser));
}

/**
 * Its pages ask for reduced motion unless a test asks otherwise (`reducedMotion: 'no-preference'`,
 * as the tests of the animations do): Cairn then animates nothing, and a page that waits with a
 * spinner up (a chain confirming, a wallet answering) is not redrawn 60 times a second meanwhile.
 */
export function reduceMotionByDefault(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

// One Chromium per process for the browser suite's files, which run one after another in one
// process (isolate: false); each launched and closed a Chromium of its own before. A launch costs
// ~1.1 CPU-s and ~3.5 s of wall time at load 15 (three launches measured), ~18 per shard: about a
// minute of each browser shard's time. Playwright ends the browser when the process exits.
let shared: Promise<Browser> | undefined;

/**
 * A Chromium for a browser test file: a lease of this process's shared one (leaseBrowser), whose
 * `close()` closes the file's contexts and leaves the browser running for the next file. One that
 * crashed or failed to start is launched again.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = shared ?? (shared = launchOwnChromium());
  try {
    const running = await browser;
    if (running.isConnected()) return leaseBrowser(running);
  } catch (error) {
    if (shared === browser) shared = undefined;
    throw error;
  }
  if (shared === browser) shared = undefined;
  return launchChromium();
}

/**
 * The browser as a caller's own: the contexts (and pages) it makes through the lease are closed by
 * the lease's `close()`, which leaves the browser and other leases' contexts open; `contexts()`
 * lists the lease's own. What a test sees of its contexts is as with a browser of its own.
 */
export function leaseBrowser(browser: Browser): Browser {
  const own = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    own.add(context);
    context.once('close', () => own.delete(context));
    return context;
  };
  const lease: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => [...own],
    close: async () => {
      await Promise.all([...own].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(lease, property)) return lease[property as keyof Browser];
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A request over the network to anywhere but 127.0.0.1 (data: and blob: URLs are not requests). */
const isForeign = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return /^(https?|wss?):$/.test(protocol) && hostname !== '127.0.0.1';
};

/**
 * A fresh context of a browser from launchChromium, which can only reach 127.0.0.1: every request
 * anywhere else fails (launchChromium's resolver rule) and is recorded, so a test can assert the
 * widget called no host the site did not configure.
 */
export async function isolatedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const foreignRequests: string[] = [];
  context.on('request', (request) => {
    if (isForeign(request.url())) foreignRequests.push(request.url());
  });
  return { context, foreignRequests };
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
