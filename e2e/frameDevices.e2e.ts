import type { Locator, Page } from 'playwright-core';
import { toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layDecoy, liftDecoy } from './support/decoy.ts';
import { call, logIn, openSite, promptClosed, promptOpen, signUpWithCode, startFrameStack, within, type FrameStack } from './support/frameStack.ts';

// A second device (issue 27; session 21), in Chromium: a login on another browser profile shows a
// pairing code; the person types it on the devices screen of the device that has the wallet open,
// which shows the request back and approves it on the person's click. The same screen removes the
// device again; the removed browser's next open goes to the recovery code, saying why. Session 23:
// that browser, open again, signs the phone out ("sign out everywhere else"); the phone's next
// signature is refused and it logs in again.
let stack: FrameStack;
const HIDDEN = 'Part of this request is hidden. Move anything covering it and try again.';
const REMOVED = 'This device was removed from your wallet: only your recovery code or passphrase opens it here again';

const ENDED = 'Log in with your e-mail or a social account first';
// An answer that follows the person's click: a click the frame did not take fails here, naming it, not at the file's 300 s.
const AFTER_CLICK_MS = 60_000;


/** The person's pointer steered onto `button` under the decoy, resting past the gate's wait, then a click there. */
async function steeredClick(page: Page, button: Locator) {
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x - 5, y);
  await page.mouse.move(x, y);
  await new Promise((resolve) => setTimeout(resolve, 700)); // longer than the gate's wait
  await page.mouse.move(x + 2, y);
  await page.mouse.click(x + 2, y);
}

beforeAll(async () => {
  stack = await startFrameStack('frame-devices');
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('the devices of an e-mail wallet', () => {
  it('approves a new device by the code it shows, typed on the open device; removes it there; the removed browser then needs the recovery code, and signs the others out from there', async () => {
    // A retry starts afresh: a new address, so a new wallet.
    const email = `devices-${process.pid}-${Date.now()}@example.com`;
    const phone = await openSite(stack);
    const { address, recoveryCode } = await signUpWithCode(stack, phone.page, phone.frameElement, email);

    // The laptop logs in with the mailed code: its frame waits, showing a pairing code.
    stack.endEmailCodeCooldowns();
    const laptop = await openSite(stack);
    const waiting = await logIn(stack, laptop.page, email);
    await promptOpen(laptop.page, laptop.frameElement);
    const laptopCode = (await laptop.frameElement.locator('[data-pairing-code]').textContent())!;
    expect(laptopCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // Nothing is pushed to the phone: the person opens its devices screen and types the code there.
    const managing = call(phone.page, 'MANAGE_DEVICES', {});
    // Awaited below; a failure before then closes the page under it.
    managing.catch(() => undefined);
    await promptOpen(phone.page, phone.frameElement);
    await phone.frameElement.getByRole('heading', { name: 'Your devices' }).waitFor();
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(1);
    await phone.frameElement.getByRole('textbox', { name: 'Code on the new device' }).fill(laptopCode.toLowerCase());
    await phone.frameElement.getByRole('button', { name: 'Find the device' }).click();
    await phone.frameElement.getByRole('heading', { name: 'A new device asks to open your wallet' }).waitFor();
    expect(await phone.frameElement.locator('[data-pairing-code]').textContent()).toBe(laptopCode);
    // Session 25: what the server knows of the asking browser; both profiles call from 127.0.0.1, one network: no extra step.
    expect(await phone.frameElement.locator('[data-requester]').textContent()).toBe('Chrome on Linux, asked just now, from the same network as this device');
    expect(await phone.frameElement.getByLabel('This is my device: it is in my hands and I am setting it up now').count()).toBe(0);
    // Session 23: a decoy over the found device (its code, its Approve): the steered click approves
    // nothing and the screen says why; lifted, the same click approves.
    const approveDevice = phone.frameElement.getByRole('button', { name: 'Approve' });
    await layDecoy(phone.page, (await phone.frameElement.locator('[data-found-device]').boundingBox())!);
    await steeredClick(phone.page, approveDevice);
    await expect.poll(() => phone.frameElement.locator('section p.hint').innerText()).toBe(HIDDEN);
    expect(await approveDevice.isDisabled()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await laptop.frameElement.locator('[data-pairing-code]').isVisible()).toBe(true);
    await liftDecoy(phone.page);
    await expect.poll(() => approveDevice.isEnabled(), { timeout: 5_000 }).toBe(true);
    await approveDevice.click();
    expect(await within(waiting.answer, "the laptop's login once the phone approved it", AFTER_CLICK_MS)).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    await promptClosed(laptop.page);

    // The laptop is lost: the phone's screen lists it (this device marked) and removes it.
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(2);
    expect(await phone.frameElement.locator('[data-device]').first().textContent()).toContain('This device');
    const remove = phone.frameElement.getByRole('button', { name: /^Remove/ });

    // Session 22: the site draws a decoy over the list (clicks go through it) and steers the person's
    // click onto Remove: the click does nothing and the screen says why.
    await layDecoy(phone.page, (await phone.frameElement.locator('[data-devices]').boundingBox())!);
    await steeredClick(phone.page, remove);
    await expect.poll(() => phone.frameElement.locator('section p.hint').innerText()).toBe(HIDDEN);
    expect(await remove.isDisabled()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await phone.frameElement.locator('[data-device]').count()).toBe(2);
    // The decoy gone and the screen seen whole for the wait, the same click removes it.
    await liftDecoy(phone.page);
    await expect.poll(() => remove.isEnabled(), { timeout: 5_000 }).toBe(true);
    await remove.click();
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(1);
    await phone.frameElement.getByRole('button', { name: 'Done' }).click();
    expect(await within(managing, "the phone's devices screen closing on Done", AFTER_CLICK_MS)).toEqual({ ok: {} });
    await promptClosed(phone.page);

    // The laptop's page is still open with the wallet in memory: its next signing request is
    // refused with the reason, and the key is gone from its frame.
    const signing = call(laptop.page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('after the removal'), address] });
    await promptOpen(laptop.page, laptop.frameElement);
    const approve = laptop.frameElement.getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
    await approve.click();
    expect(await within(signing, "the removed laptop's signature refused on Approve", AFTER_CLICK_MS)).toEqual({ error: REMOVED });
    await promptClosed(laptop.page);
    expect(await call(laptop.page, 'RPC_REQUEST', { method: 'eth_accounts', params: [] })).toEqual({ ok: { result: [] } });

    // The laptop's browser profile, with its stored share, and a fresh login (the mailbox): the
    // frame says it was removed and asks for the recovery code; the code opens the wallet there again.
    stack.endEmailCodeCooldowns();
    const again = await laptop.page.context().newPage();
    await again.goto(stack.site.url);
    await again.waitForFunction(() => 'frameTest' in window);
    const connected = again.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<unknown> } }).frameTest.connect(url), stack.frame.url);
    expect(await within(connected, "the laptop's new page connecting to the frame", AFTER_CLICK_MS)).toEqual({ ok: 'ready' });
    expect(await call(again, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' })).toEqual({ ok: {} });
    const againFrame = again.frames().find((f) => f.url().startsWith(stack.frame.url))!;
    const reopening = await logIn(stack, again, email);
    await promptOpen(again, againFrame);
    await againFrame.getByText('This device was removed from your wallet').waitFor();
    await againFrame.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await againFrame.getByRole('button', { name: 'Open my wallet' }).click();
    expect(await within(reopening.answer, "the laptop's login on 'Open my wallet' with the recovery code", AFTER_CLICK_MS)).toEqual({ ok: {} });
    expect(((await call(again, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    await promptClosed(again);

    // Session 23: the laptop, its wallet open again, signs out everywhere else (behind the same gate:
    // the steered click under a decoy ends nothing). The phone's frame still holds the key; its next
    // signing request is refused, the key forgotten, and it logs in again to sign.
    const signingOut = call(again, 'MANAGE_DEVICES', {});
    signingOut.catch(() => undefined);
    await promptOpen(again, againFrame);
    const signOut = againFrame.getByRole('button', { name: 'Sign out everywhere else' });
    await layDecoy(again, (await againFrame.locator('[data-sign-out-others]').boundingBox())!);
    await steeredClick(again, signOut);
    await expect.poll(() => againFrame.locator('section p.hint').innerText()).toBe(HIDDEN);
    expect(await againFrame.getByText('Signed out everywhere else').count()).toBe(0);
    await liftDecoy(again);
    await expect.poll(() => signOut.isEnabled(), { timeout: 5_000 }).toBe(true);
    await signOut.click();
    await againFrame.getByText('Signed out everywhere else: every other login of your account has ended.').waitFor();
    await againFrame.getByRole('button', { name: 'Done' }).click();
    expect(await within(signingOut, "the devices screen closing on Done after signing out everywhere else", AFTER_CLICK_MS)).toEqual({ ok: {} });
    await promptClosed(again);

    const refused = call(phone.page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('after signing out everywhere else'), address] });
    await promptOpen(phone.page, phone.frameElement);
    const phoneApprove = phone.frameElement.getByRole('button', { name: 'Approve' });
    await expect.poll(() => phoneApprove.isEnabled(), { timeout: 5_000 }).toBe(true);
    await phoneApprove.click();
    expect(await within(refused, "the signed-out phone's signature refused on Approve", AFTER_CLICK_MS)).toEqual({ error: ENDED });
    await promptClosed(phone.page);
    expect(await call(phone.page, 'RPC_REQUEST', { method: 'eth_accounts', params: [] })).toEqual({ ok: { result: [] } });
    // The laptop's login lives on; the phone (still enrolled) opens the wallet again with a new login, no recovery code.
    expect(((await call(again, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    stack.endEmailCodeCooldowns();
    expect(await (await logIn(stack, phone.page, email)).answer).toEqual({ ok: {} });
    expect(((await call(phone.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 300_000);
});
