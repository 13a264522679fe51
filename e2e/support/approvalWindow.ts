import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Clicks the approval window's Approve (or Reject) once it takes the click, and waits for the
 * window to close. The window closes itself as it answers, sometimes before Playwright's click has
 * finished with it ('Target page, context or browser has been closed', under load in session 24):
 * that error, with the window closed after it, is the click having landed. Whether the request was
 * approved is for the caller to check.
 */
export async function answerInWindow(popup: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const button = popup.getByRole('button', { name: answer });
  await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true);
  const closed = popup.waitForEvent('close');
  try {
    await button.click();
  } catch (error) {
    if (!String(error).includes('has been closed')) throw error;
  }
  await closed;
}

export const approveInWindow = (popup: Page) => answerInWindow(popup, 'Approve');
export const rejectInWindow = (popup: Page) => answerInWindow(popup, 'Reject');
