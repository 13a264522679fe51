import type { Browser } from 'playwright-core';
import { launchOwnChromium } from '../../e2e/support/browser.ts';

/**
 * Headless Chromium that can reach 127.0.0.1 only: every other host name fails to resolve, which
 * also covers WebSockets and iframes (Playwright's request routing does not see WebSockets, and
 * routing every request through Node would slow the pages down).
 */
export function launchBenchChromium(): Promise<Browser> {
  return launchOwnChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
}
