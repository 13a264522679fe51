import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchOwnChromium } from './browser.ts';

/** One Chromium for the calling test file: launched before its tests, closed after them. */
export function chromiumPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchOwnChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: use the browser inside a test');
    return browser;
  };
}
