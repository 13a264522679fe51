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

export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return reportPagesOnFailure(await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] }));
}

/**
 * A fresh context that can only reach 127.0.0.1: anything else is aborted and recorded, so a
 * test can assert the widget called no host the site did not configure.
 */
export async function isolatedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const foreignRequests: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      foreignRequests.push(route.request().url());
      return route.abort();
    },
  );
  return { context, foreignRequests };
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
