import { expect } from 'vitest';
import type { Frame, Page } from 'playwright-core';

/**
 * Clicks the approval window's button named `name` and waits for the window to close. The window
 * closes itself as it answers, sometimes before Playwright's click has finished with it ('Target
 * page, context or browser has been closed', under load in session 24): that error, with the
 * window closed after it, is the click having landed. Needs no test around it (a sign-up's
 * `beforeAll` saves a new wallet's recovery code with it, session 25).
 */
export async function clickClosingWindow(popup: Page, name: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  try {
    await popup.getByRole('button', { name }).click();
  } catch (error) {
    if (!String(error).includes('has been closed')) throw error;
  }
  await closed;
}

/** Clicks the approval window's Approve (or Reject) once it takes the click (clickClosingWindow). Whether the request was approved is for the caller to check. */
export async function answerInWindow(popup: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  await expect.poll(() => popup.getByRole('button', { name: answer }).isEnabled(), { timeout: 5_000 }).toBe(true);
  await clickClosingWindow(popup, answer);
}

export const approveInWindow = (popup: Page) => answerInWindow(popup, 'Approve');
export const rejectInWindow = (popup: Page) => answerInWindow(popup, 'Reject');

/**
 * What a pop-up blocker answers (`window.open` gives null), stood in for in the frame: Chromium's own
 * blocker lets a click's window through. `allowWindows` gives the frame its `window.open` back.
 */
export const blockWindows = (frame: Frame) =>
  frame.evaluate(() => {
    const real = window.open;
    window.open = () => null;
    Object.assign(window, { allowWindows: () => (window.open = real) });
  });

export const allowWindows = (frame: Frame) => frame.evaluate(() => (window as unknown as { allowWindows(): void }).allowWindows());
