import type { Browser } from 'playwright-core';
import { launchOwnChromium } from '../../e2e/support/browser.ts';

/**
 * Headless Chromium that can reach 127.0.0.1 only (the resolver rule of launchOwnChromium: every other host
 * name fails to resolve, which also covers WebSockets and iframes, with no request routed through Node).
 */
export function launchBenchChromium(): Promise<Browser> {
  return launchOwnChromium();
}
