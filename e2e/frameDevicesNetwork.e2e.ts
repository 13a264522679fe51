import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveInWindow } from './support/approvalWindow.ts';
import { STATE_POLLING } from './support/browser.ts';
import { call, findDeviceByCode, logIn, openSite, promptClosed, promptOpen, signUpWithCode, startFrameStack, type FrameStack } from './support/frameStack.ts';

// Session 25, in Chromium: a code typed for someone else. The server sits behind a proxy
// (TRUST_PROXY=127.0.0.1, the address every browser here calls from), and the test plays that
// proxy: each browser profile's calls to the server carry the X-Forwarded-For a proxy would add,
// the phone's one address, the new device's another. The devices screen shows what the server says
// of the found request ('Chrome on Linux, asked just now, from another network than this device'),
// the stronger warning, and takes Approve only after 'This is my device…' is ticked: in the frame
// with FRAME_APPROVALS=inline, in the approval window with popup (the default).
const PHONE_ADDRESS = '203.0.113.7';
const ELSEWHERE = '198.51.100.20';
const FACTS = 'Chrome on Linux, asked just now, from another network than this device';
const WARNING = 'This request comes from another network than this device.';
const MINE = 'This is my device: it is in my hands and I am setting it up now';
const APPROVED = 'Approved: the new device opens your wallet now.';

/** This browser profile's calls to the server arrive through the proxy from `address`. */
async function behindProxyFrom(stack: FrameStack, page: Page, address: string) {
  await page.context().route(`${stack.serverUrl}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
}

/** A wallet on the phone, a login on another network's laptop showing its code, and the phone's devices screen showing the request found by it. */
async function laptopFoundOnThePhone(stack: FrameStack) {
  const email = `devices-network-${process.pid}-${Date.now()}@example.com`;
  const phone = await openSite(stack);
  await behindProxyFrom(stack, phone.page, PHONE_ADDRESS);
  const { address } = await signUpWithCode(stack, phone.page, phone.frameElement, email);
  stack.endEmailCodeCooldowns();
  const laptop = await openSite(stack);
  await behindProxyFrom(stack, laptop.page, ELSEWHERE);
  const waiting = await logIn(stack, laptop.page, email);
  await promptOpen(laptop.page, laptop.frameElement);
  const laptopCode = (await laptop.frameElement.locator('[data-pairing-code]').textContent())!;

  await findDeviceByCode(phone, laptopCode);
  const found = phone.frameElement.locator('[data-found-device]');
  expect(await found.locator('[data-requester]').textContent()).toBe(FACTS);
  expect(await found.locator('[data-requester]').getAttribute('data-requester')).toBe('another-network');
  expect(await found.locator('p.warning').textContent()).toContain(WARNING);
  return { phone, laptop, address, waiting };
}

/** The phone's devices screen says the new device was approved; otherwise fails naming what the frame shows (its problem line, the window's hint). */
async function phoneSaysApproved(frame: Frame) {
  try {
    await frame.getByText(APPROVED).waitFor({ timeout: 60_000 });
  } catch {
    throw new Error(`the phone's devices screen did not say '${APPROVED}' within 60 s; its frame shows: ${(await frame.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ')}`);
  }
}

describe.each(['inline', 'popup'] as const)('a new device from another network, approvals %s (session 25)', (approvals) => {
  let stack: FrameStack;
  beforeAll(async () => {
    stack = await startFrameStack(`frame-devices-network-${approvals}`, { approvals, serverEnv: { TRUST_PROXY: '127.0.0.1' } });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("shows the asking browser and that it is on another network, and approves only once 'This is my device' is ticked", async () => {
    const { phone, laptop, address, waiting } = await laptopFoundOnThePhone(stack);
    const approve = phone.frameElement.getByRole('button', { name: 'Approve' });
    if (approvals === 'inline') {
      // No Approve to click until the person says the device is theirs and in their hands.
      expect(await approve.isVisible()).toBe(false);
      await phone.frameElement.getByLabel(MINE).check();
      await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
      await approve.click();
    } else {
      // The frame's Approve only opens the window; the tick is asked there, where no site steers it.
      expect(await phone.frameElement.getByLabel(MINE).count()).toBe(0);
      const opened = phone.page.context().waitForEvent('page');
      await approve.click();
      const popup = await opened;
      await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
      const shown = await popup.locator('.approval').innerText();
      for (const part of [FACTS, WARNING]) expect(shown).toContain(part);
      const windowApprove = popup.getByRole('button', { name: 'Approve' });
      // Seen whole for the gate's wait, Approve still takes no click unticked.
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(await windowApprove.isDisabled()).toBe(true);
      expect(await popup.locator('.approval p.hint').innerText()).toBe('Tick the statement above to approve.');
      await popup.getByLabel(MINE).check();
      await approveInWindow(popup);
    }
    // The phone's own outcome first, with what its frame shows if it does not come (ci32: the laptop
    // waited its 120 s with nothing said of the phone's side).
    await phoneSaysApproved(phone.frameElement);
    expect(await waiting.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    await promptClosed(laptop.page);
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 300_000);
});
