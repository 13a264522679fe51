/** What the server says is left of its per-client limit after an answer (its x-ratelimit-* headers). */
export interface RequestBudget {
  /** Requests left in the current window. */
  remaining: number;
  /** Until the window starts again, in ms. */
  resetMs: number;
}

/** The server's window is a minute; a reset further away than that is not believed. */
const MAX_RESET_MS = 60_000;

const wholeNumber = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
};

/**
 * The budget an answer reports (`x-ratelimit-remaining`, `x-ratelimit-reset` in seconds), or
 * undefined when it reports none (a limiter off, a proxy that drops the headers, a bad value).
 */
export function readRequestBudget(headers: Pick<Headers, 'get'>): RequestBudget | undefined {
  const remaining = wholeNumber(headers.get('x-ratelimit-remaining'));
  const resetSeconds = wholeNumber(headers.get('x-ratelimit-reset'));
  if (remaining === undefined || resetSeconds === undefined) return undefined;
  return { remaining, resetMs: Math.min(resetSeconds * 1000, MAX_RESET_MS) };
}

/**
 * Requests the catalogue's paging leaves to the rest of the widget (balance, sign-in, connect):
 * All Wallets shares the server's per-client limit (600 a minute by default) with them.
 */
export const PAGING_RESERVE = 30;

/**
 * Issue 29: how long All Wallets waits before asking for its next page, so that scrolling never
 * outruns the server's limit. While more than `reserve` requests are left, at once; at the
 * reserve, until the window starts again (measured from the answer that reported it, `elapsedMs`
 * ago), so the list pauses rather than spending the budget the widget's other calls need and
 * then waiting out a 429.
 */
export function nextPageWaitMs(budget: RequestBudget | undefined, elapsedMs: number, reserve: number = PAGING_RESERVE): number {
  if (!budget || budget.remaining > reserve) return 0;
  return Math.max(0, budget.resetMs - elapsedMs);
}
