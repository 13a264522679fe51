import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Clicks the approval window's Approve once its gate lets it take the click, and waits for the
 * window to close. The window closes itself as it answers, sometimes before Playwright's click has
 * finished with it ('Target page, context or browser has been closed', under load in session 24):
 * that error, with the window closed after it, is the click having landed. Whether the request was
 * approved is for the caller to check.
 */
export async function approveInWindow(popup: Page): Promise<void> {
  const approve = popup.getByRole('button', { name: 'Approve' });
  await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
  const closed = popup.waitForEvent('close');
  try {
    await approve.click();
  } catch (error) {
    if (!String(error).includes('has been closed')) throw error;
  }
  await closed;
}
