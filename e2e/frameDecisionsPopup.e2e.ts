import type { Locator, Page } from 'playwright-core';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowWindows, approveInWindow, blockWindows, clickClosingWindow, rejectInWindow } from './support/approvalWindow.ts';
import { STATE_POLLING } from './support/browser.ts';
import { cutFrameAround, liftCut } from './support/decoy.ts';
import { farcasterAccount, farcasterAppSigns } from './support/farcasterApp.ts';
import { call, findDeviceByCode, logIn, openSite, promptClosed, promptOpen, saveRecoveryCode, signUpWithCode, startFrameStack, type FrameStack } from './support/frameStack.ts';

// The frame's own screens' decisions in the approval window (session 24), in Chromium, with
// FRAME_APPROVALS=popup: the devices screen's Approve of a new device, Remove and 'Sign out
// everywhere else', the key export's phrase and the Farcaster confirmation's Continue. The site is
// the attacker, as in frameApprovalPopup.e2e.ts: it cuts the frame with clip-path around the one
// button (a hole the inline gate cannot see) over its decoy, so the visitor's click lands there.
// That click only opens the window, on the frame's origin, naming what is decided; only the
// window's Approve decides, and closing the window decides nothing.
let stack: FrameStack;
let frameOrigin: string;

beforeAll(async () => {
  stack = await startFrameStack('frame-decisions-popup', { approvals: 'popup' });
  frameOrigin = new URL(stack.frame.url).origin;
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

/** The visitor clicks `button` in the frame; the approval window it opens, once it shows its request. */
async function windowFrom(page: Page, button: Locator): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await button.click();
  const popup = await opened;
  await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
  expect(new URL(popup.url()).origin).toBe(frameOrigin);
  return popup;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

/** A new e-mail wallet on a fresh browser profile: its address and its printed recovery code. */
async function newWallet(prefix: string) {
  const email = `${prefix}-${process.pid}-${Date.now()}@example.com`;
  const site = await openSite(stack);
  const { address, recoveryCode } = await signUpWithCode(stack, site.page, site.frameElement, email);
  return { ...site, email, address, recoveryCode };
}

describe("the devices screen's decisions in the approval window", () => {
  it("approves a new device only by the window's Approve: the site's cut around the frame's Approve opens the window and approves nothing, closing it approves nothing; Remove and 'Sign out everywhere else' alike", async () => {
    const phone = await newWallet('decisions-devices');
    stack.endEmailCodeCooldowns();
    const laptop = await openSite(stack);
    const waiting = await logIn(stack, laptop.page, phone.email);
    await promptOpen(laptop.page, laptop.frameElement);
    const laptopCode = (await laptop.frameElement.locator('[data-pairing-code]').textContent())!;

    const { managing } = await findDeviceByCode(phone, laptopCode);

    // The site cuts the frame down to its Approve, its decoy around it: the visitor's click there opens the window, nothing more.
    const approveDevice = phone.frameElement.getByRole('button', { name: 'Approve' });
    await cutFrameAround(phone.page, (await approveDevice.boundingBox())!);
    const first = await windowFrom(phone.page, approveDevice);
    await settle();
    expect(await laptop.frameElement.locator('[data-pairing-code]').isVisible()).toBe(true);
    // The window names exactly what is approved: the new device's code, and the account it gets.
    expect(await first.locator('.approval h1').innerText()).toBe(`Give your wallet to the new device that shows ${laptopCode}?`);
    const shown = await first.locator('.approval').innerText();
    for (const part of [laptopCode, phone.address, phone.email, 'Approve only if you are logging in on that device now and it shows this code.']) expect(shown).toContain(part);
    expect(await first.getByLabel('Always review in a separate window').count()).toBe(0);
    expect(await phone.frameElement.locator('section p.hint').innerText()).toBe('Waiting for your answer in the secure window.');
    // Closed: nothing approved, the frame's screen as it was.
    await first.close();
    await expect.poll(() => phone.frameElement.locator('section p.hint').innerText()).toBe('');
    await settle();
    expect(await laptop.frameElement.locator('[data-pairing-code]').isVisible()).toBe(true);

    // A blocked window (session 25): the frame says so and approves nothing; allowed, the same button opens it.
    await blockWindows(phone.frameElement);
    await approveDevice.click();
    await expect.poll(() => phone.frameElement.locator('section p.hint').innerText()).toBe(`Your browser blocked the secure window: allow pop-ups for ${frameOrigin}, then open it again.`);
    await settle();
    expect(phone.page.context().pages()).toHaveLength(1);
    expect(await laptop.frameElement.locator('[data-pairing-code]').isVisible()).toBe(true);
    expect(await Promise.race([waiting.answer.then(() => 'answered'), settle().then(() => 'pending')])).toBe('pending');
    await allowWindows(phone.frameElement);

    // The visitor's own Approve in the window gives the laptop the wallet.
    await liftCut(phone.page);
    await approveInWindow(await windowFrom(phone.page, approveDevice));
    expect(await waiting.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(phone.address);
    await promptClosed(laptop.page);

    // Remove: the window names the device; its Reject removes nothing, its Approve removes it.
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(2);
    const remove = phone.frameElement.getByRole('button', { name: /^Remove/ });
    await cutFrameAround(phone.page, (await remove.boundingBox())!);
    const rejected = await windowFrom(phone.page, remove);
    expect(await rejected.locator('.approval h1').innerText()).toBe('Remove this device from your wallet?');
    expect(await rejected.locator('.approval').innerText()).toContain('Another device');
    const closed = rejected.waitForEvent('close');
    await rejectInWindow(rejected);
    await closed;
    await settle();
    expect(await phone.frameElement.locator('[data-device]').count()).toBe(2);
    await approveInWindow(await windowFrom(phone.page, remove));
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(1);
    // 'Sign out everywhere else' alike: the window's question, closed, ends nothing; its Approve ends the others.
    const signOut = phone.frameElement.getByRole('button', { name: 'Sign out everywhere else' });
    await cutFrameAround(phone.page, (await signOut.boundingBox())!);
    const unasked = await windowFrom(phone.page, signOut);
    expect(await unasked.locator('.approval h1').innerText()).toBe('Sign out everywhere else?');
    await unasked.close();
    await settle();
    expect(await phone.frameElement.getByText('Signed out everywhere else').count()).toBe(0);
    await approveInWindow(await windowFrom(phone.page, signOut));
    await phone.frameElement.getByText('Signed out everywhere else: every other login of your account has ended.').waitFor();
    await liftCut(phone.page);
    await phone.frameElement.getByRole('button', { name: 'Done' }).click();
    expect(await managing).toEqual({ ok: {} });
    await promptClosed(phone.page);
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 300_000);
});

describe("a new wallet's recovery code in the approval window (session 25)", () => {
  it("never puts the code in the frame the site cuts around: blocked, the frame says so; the window shows it with its warning; closed, the same code can be shown again; its 'I have saved it' finishes the sign-up", async () => {
    const email = `decisions-code-${process.pid}-${Date.now()}@example.com`;
    const site = await openSite(stack);
    const connecting = await logIn(stack, site.page, email);
    const stillPending = async () => Promise.race([connecting.answer.then(() => 'answered'), settle().then(() => 'pending')]);
    await promptOpen(site.page, site.frameElement);
    await site.frameElement.getByRole('heading', { name: 'Your wallet is ready. Save its recovery code' }).waitFor();
    await site.frameElement.getByText(`Your recovery code is shown only in a secure window of ${frameOrigin}`).waitFor();
    // Nothing of the code in the frame's document: no block, and no text of its shape anywhere in it.
    const frameHasNoCode = async (code?: string) => {
      const html = await site.frameElement.evaluate(() => document.documentElement.outerHTML);
      expect(html).not.toMatch(/[0-9A-Z]{4}(?:-?[0-9A-Z]{4}){7}/);
      if (code) for (const form of [code, code.replaceAll('-', '')]) expect(html).not.toContain(form);
      expect(await site.frameElement.locator('[data-recovery-code]').count()).toBe(0);
    };
    await frameHasNoCode();
    const open = site.frameElement.getByRole('button', { name: 'Open the secure window' });
    // The site's cut around the button, again wherever the frame's hint above it moved it.
    const cutAround = async (button: Locator) => {
      await liftCut(site.page);
      await cutFrameAround(site.page, (await button.boundingBox())!, 'Your support code is below: read it out to us');
    };
    await cutAround(open);

    // Blocked: said so, nothing shown, the sign-up waits.
    await blockWindows(site.frameElement);
    await open.click();
    await expect.poll(() => site.frameElement.locator('section p.hint').innerText()).toBe(`Your browser blocked the secure window: allow pop-ups for ${frameOrigin}, then open it again.`);
    expect(site.page.context().pages()).toHaveLength(1);
    expect(await stillPending()).toBe('pending');
    await frameHasNoCode();
    await allowWindows(site.frameElement);

    const show = site.frameElement.getByRole('button', { name: 'Show the secure window' });
    await cutAround(show);
    const first = await windowFrom(site.page, show);
    const code = (await first.locator('[data-recovery-code]').textContent())!;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    expect(await first.title()).toBe('Your recovery code');
    expect(await first.locator('[data-recovery-code-warning]').innerText()).toBe(
      "No site and no person will ever ask you for this code, not even support. Never read it out, send it or type it into a site: you type it only into your wallet's own screen, to open it on a new device.",
    );
    await frameHasNoCode(code);
    // Closed unsaved: no wallet yet, the frame on its screen, the same code shown again.
    await first.close();
    await expect.poll(() => site.frameElement.locator('section p.hint').innerText()).toBe('The secure window closed before you saved the code. Show it again: it is the same code.');
    expect(await stillPending()).toBe('pending');
    await frameHasNoCode(code);
    await cutAround(show);
    const second = await windowFrom(site.page, show);
    expect(await second.locator('[data-recovery-code]').textContent()).toBe(code);
    await liftCut(site.page);
    await clickClosingWindow(second, 'I have saved it');
    expect(await connecting.answer).toEqual({ ok: {} });
    await promptClosed(site.page);
    expect(((await call(site.page, 'GET_USER', {})).ok as { address: string }).address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(site.errors).toEqual([]);
  }, 180_000);
});

describe("the key export's phrase in the approval window", () => {
  it('shows the phrase only in the window of the frame origin, never in the frame the site cuts around', async () => {
    const owner = await newWallet('decisions-export');
    const exporting = call(owner.page, 'EXPORT_WALLET', {});
    exporting.catch(() => undefined);
    await promptOpen(owner.page, owner.frameElement);
    await owner.frameElement.getByRole('textbox', { name: 'Recovery code' }).fill(owner.recoveryCode);
    await owner.frameElement.getByRole('button', { name: 'Open my wallet' }).click();
    const open = owner.frameElement.getByRole('button', { name: 'Open the secure window' });
    await open.waitFor({ timeout: 30_000 });
    expect(await owner.frameElement.locator('[data-recovery-phrase]').count()).toBe(0);
    await owner.frameElement.getByText(`Your recovery phrase is shown only in a secure window of ${frameOrigin}`).waitFor();
    await cutFrameAround(owner.page, (await open.boundingBox())!, 'Your support code is below: read it out to us');
    const popup = await windowFrom(owner.page, open);
    const phrase = (await popup.locator('[data-recovery-phrase]').textContent())!;
    expect(phrase).toMatch(/^[a-z]+( [a-z]+){11,23}$/);
    expect(mnemonicToAccount(phrase).address).toBe(owner.address);
    expect(await owner.frameElement.locator('[data-recovery-phrase]').count()).toBe(0);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Done' }).click();
    await closed;
    expect(await exporting).toEqual({ ok: {} });
    await promptClosed(owner.page);
    await liftCut(owner.page);
    expect(owner.errors).toEqual([]);
  }, 180_000);
});

describe("the Farcaster confirmation's Continue in the approval window", () => {
  it("logs in only on the window's Continue: the site's cut around the frame's Continue opens the window naming the account, closing it logs nothing in", async () => {
    const account = await farcasterAccount('popup');
    const site = await openSite(stack);
    const { uri } = (await call(site.page, 'GET_FARCASTER_URI', {})).ok as { uri: string };
    const connecting = call(site.page, 'CONNECT_FARCASTER', {});
    connecting.catch(() => undefined);
    await farcasterAppSigns(uri, account.custodyKey, account.fid, undefined, stack.serverUrl);
    await promptOpen(site.page, site.frameElement);
    const question = `Log in as @${account.name} (Farcaster fid ${account.fid})?`;
    await site.frameElement.getByRole('heading', { name: question }).waitFor({ timeout: 30_000 });
    const proceed = site.frameElement.getByRole('button', { name: 'Continue' });
    await cutFrameAround(site.page, (await proceed.boundingBox())!, 'Log in as @you?');
    const first = await windowFrom(site.page, proceed);
    expect(await first.locator('.approval h1').innerText()).toBe(question);
    expect(await first.locator('.approval').innerText()).toContain(`@${account.name}`);
    await first.close();
    await settle();
    await site.frameElement.getByRole('heading', { name: question }).waitFor();
    expect(await Promise.race([connecting.then(() => 'answered'), settle().then(() => 'pending')])).toBe('pending');
    await liftCut(site.page);
    await approveInWindow(await windowFrom(site.page, proceed));
    // A new wallet: its recovery code in the window (session 25), then the site holds the login.
    await saveRecoveryCode(stack, site.page, site.frameElement);
    expect((await connecting).ok).toMatchObject({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
    await promptClosed(site.page);
    expect(site.errors).toEqual([]);
  }, 180_000);
});
