import type { Page } from 'playwright-core';
import { STATE_POLLING } from './browser.ts';

/** What the site's call answered, or the message of the error it threw. */
export type SiteAnswer = { ok?: unknown; error?: string };

/**
 * Starts the site's own call through its widget (`cairn.request`) and returns its key; the page
 * keeps the outcome and `siteAnswer` polls for it: awaiting the call's promise across
 * page.evaluate returned up to 30 s after the page had it (seen on this machine under load).
 */
export async function startSiteRequest(page: Page, method: string, params: unknown[]): Promise<string> {
  const key = `${method}-${Math.random()}`;
  await page.evaluate(
    ({ key, method, params }) => {
      const site = window as unknown as { cairn: { request(args: unknown): Promise<unknown> }; siteAnswers?: Record<string, unknown> };
      const answers = (site.siteAnswers ??= {});
      site.cairn.request({ method, params }).then(
        (ok) => (answers[key] = { ok }),
        (error: unknown) => (answers[key] = { error: (error as Error).message }),
      );
    },
    { key, method, params },
  );
  return key;
}

/** The answer of a call `startSiteRequest` started, once the page has it. */
export async function siteAnswer(page: Page, key: string, timeout = 20_000): Promise<SiteAnswer> {
  const answer = await page.waitForFunction((key) => (window as unknown as { siteAnswers: Record<string, unknown> }).siteAnswers[key], key, { timeout, ...STATE_POLLING });
  return (await answer.jsonValue()) as SiteAnswer;
}

/** The site's call through its widget, and what it answered. */
export async function siteRequest(page: Page, method: string, params: unknown[], timeout?: number): Promise<SiteAnswer> {
  return siteAnswer(page, await startSiteRequest(page, method, params), timeout);
}
