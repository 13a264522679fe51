import type { Page } from 'playwright-core';

/**
 * From now on, notes the text of each toast the open modal renders, in order, and resolves with a
 * reader of what it noted. For a test that must know a toast showed though its time on screen can
 * end before a locator looks: a toast is replaced by the next (a fast chain's 'Transaction
 * confirmed' follows 'Transaction started' within a slot) and hides after 3 s. In ci9 of session 18
 * a locator waiting for 'Transaction started' after the frame's Approve found the send already
 * confirmed and both toasts gone (load ~20).
 */
export async function noteToasts(page: Page): Promise<() => Promise<string[]>> {
  const key = `cairnToastsSeen${Math.random().toString(36).slice(2)}`;
  await page.evaluate((key) => {
    const region = document.querySelector('cairn-modal')?.shadowRoot?.querySelector('.toast-region');
    if (!region) throw new Error('noteToasts: no open modal with a toast region');
    const seen: string[] = [];
    let last: Element | null = null;
    const note = () => {
      const toast = region.querySelector('[data-testid="toast"]');
      // Each toast is an element of its own (keyed by its id), so a repeated message is noted again.
      if (!toast || toast === last) return;
      last = toast;
      seen.push(toast.textContent ?? '');
    };
    note();
    new MutationObserver(note).observe(region, { childList: true, subtree: true });
    (window as unknown as Record<string, string[]>)[key] = seen;
  }, key);
  return () => page.evaluate((key) => [...(window as unknown as Record<string, string[]>)[key]!], key);
}
