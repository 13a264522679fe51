import type { Page } from 'playwright-core';

/**
 * Times taken by the page's own clock (ms since the epoch), not by the test's: on a busy machine a
 * round trip between the test and the browser takes hundreds of ms, which a "within a second"
 * check must not charge to the widget. No vitest here: bench/freshBalances.ts uses these too.
 */

/** Asks `done` every `intervalMs` until it says yes; throws `what` after `timeoutMs`. */
async function pollUntil(done: () => boolean | Promise<boolean>, what: string, timeoutMs: number, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** When the page's requests whose body contains `marker` finished with a non-null JSON-RPC result, by the browser's network clock. */
export function watchRpcResults(page: Page, marker: string): { count(): number; after(count: number): Promise<number> } {
  const finished: number[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.postData()?.includes(marker)) return;
    const timing = request.timing();
    const answer = (await (await request.response())?.json().catch(() => undefined)) as { result?: unknown } | undefined;
    if (answer?.result) finished.push(timing.startTime + timing.responseEnd);
  });
  return {
    count: () => finished.length,
    async after(count) {
      await pollUntil(() => finished.length > count, `a non-null answer to ${marker} after ${count}`, 20_000);
      return finished[count]!;
    },
  };
}

declare global {
  interface Window {
    __shownTexts?: Record<string, { text: string | null; at: number }[]>;
  }
}

/**
 * Starts recording, in the page, every text the first element matching `selector` (in the document
 * or any open shadow root) shows, with when it first showed it: checked every animation frame, so
 * the record is at most a frame late.
 */
export async function recordShownTexts(page: Page, key: string, selector: string): Promise<void> {
  await page.evaluate(
    ({ key, selector }) => {
      const find = (): Element | null => {
        const roots: (Document | ShadowRoot)[] = [document];
        for (let index = 0; index < roots.length; index++) {
          const found = roots[index]!.querySelector(selector);
          if (found) return found;
          for (const element of roots[index]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
        }
        return null;
      };
      const record: { text: string | null; at: number }[] = [];
      (window.__shownTexts ??= {})[key] = record;
      const check = () => {
        const text = find()?.textContent?.trim() ?? null;
        if (record.at(-1)?.text !== text || record.length === 0) record.push({ text, at: performance.timeOrigin + performance.now() });
        requestAnimationFrame(check);
      };
      check();
    },
    { key, selector },
  );
}

/** When (the page's clock) the recorded element first showed a text `matches` accepts, at or after `since`; waits up to 10 s for it. */
export async function firstShown(page: Page, key: string, matches: (text: string | null) => boolean, since = 0): Promise<number> {
  let at: number | undefined;
  await pollUntil(
    async () => {
      const record = await page.evaluate((key) => window.__shownTexts?.[key] ?? [], key);
      at = record.find((entry) => entry.at >= since && matches(entry.text))?.at;
      return at !== undefined;
    },
    `the element recorded as "${key}" showing the text wanted`,
    10_000,
  );
  return at!;
}
