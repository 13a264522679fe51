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

export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return reportPagesOnFailure(await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, LOOPBACK_ONLY, ...extraArgs] }));
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
