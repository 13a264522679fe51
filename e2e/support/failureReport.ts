import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What a failed browser test leaves behind: for each page still open, its address, the dialog's
 * text (or the body's) and its last console errors and warnings. A flake seen once in CI is then
 * read from the log instead of guessed at.
 */
const CONSOLE_LINES_KEPT = 30;
const TEXT_CHARS_KEPT = 1_500;

interface WatchedPage {
  page: Page;
  consoleLines: string[];
}

const watched = new Set<WatchedPage>();

function watchPage(page: Page): void {
  const entry: WatchedPage = { page, consoleLines: [] };
  watched.add(entry);
  const keep = (line: string) => {
    entry.consoleLines.push(line);
    if (entry.consoleLines.length > CONSOLE_LINES_KEPT) entry.consoleLines.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`pageerror: ${error.message}`));
  page.on('close', () => watched.delete(entry));
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  return context;
}

/** Makes every page the browser opens reported when a test fails. */
export function reportPagesOnFailure(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchPage(page);
    return page;
  };
  return browser;
}

/** A console line keeps its reason: a long query string (a relay's auth token) is cut short. */
const withoutLongQueries = (line: string) => line.replace(/\?[^\s'"]{40,}/g, (query) => `${query.slice(0, 20)}…`);

async function describePage({ page, consoleLines }: WatchedPage): Promise<string> {
  const text = await page
    .evaluate(() => {
      // The modal lives in a shadow root: look through every open one, not only the document.
      const roots: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < roots.length; i += 1) {
        for (const element of Array.from(roots[i]!.querySelectorAll('*'))) if (element.shadowRoot) roots.push(element.shadowRoot);
      }
      const dialogs = roots.flatMap((root) => Array.from(root.querySelectorAll<HTMLElement>('[role="dialog"]')));
      const status = document.querySelector('[data-testid="site-status"]')?.textContent ?? '(no site status)';
      const shown = dialogs.map((element) => {
        const state = element.closest('[data-state]')?.getAttribute('data-state') ?? 'open';
        return `[dialog ${state}] ${element.innerText}`;
      });
      return `[site status ${status}] ${shown.length > 0 ? shown.join(' --- ') : `[no dialog] ${document.body.innerText}`}`;
    })
    .catch((error: Error) => `(page unreadable: ${error.message})`);
  const flat = text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS_KEPT);
  return [`  page ${page.url()}`, `    shows: ${flat}`, ...(await framesShown(page)), ...consoleLines.map((line) => `    ${withoutLongQueries(line).slice(0, 300)}`)].join('\n');
}

/**
 * What each frame in the page shows (the secure frame's screen: its problem line says why a click
 * did nothing), since the page's own text leaves out an iframe's document.
 */
async function framesShown(page: Page): Promise<string[]> {
  const lines = await Promise.all(
    page
      .frames()
      .filter((frame) => frame !== page.mainFrame())
      .map(async (frame) => {
        const text = await frame.evaluate(() => document.body?.innerText ?? '').catch((error: Error) => `(frame unreadable: ${error.message})`);
        const flat = text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS_KEPT);
        return flat === '' ? undefined : `    frame ${frame.url()} shows: ${flat}`;
      }),
  );
  return lines.filter((line) => line !== undefined);
}

/** What the open pages show, for a failed test's log (bench imports this file too, so no vitest here). */
export async function describeOpenPages(testName: string): Promise<string> {
  const reports = await Promise.all(Array.from(watched, describePage));
  return `[failure report] ${testName}\n${reports.join('\n') || '  (no page open)'}`;
}
