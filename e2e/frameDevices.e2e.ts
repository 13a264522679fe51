import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, openSite, promptClosed, promptOpen, startFrameStack, type FrameStack } from './support/frameStack.ts';

// A second device (issue 27; session 21), in Chromium: a login on another browser profile shows a
// pairing code; the person types it on the devices screen of the device that has the wallet open,
// which shows the request back and approves it on the person's click. The same screen removes the
// device again; the removed browser's next open goes to the recovery code, saying why.
let stack: FrameStack;

beforeAll(async () => {
  stack = await startFrameStack('frame-devices');
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('the devices of an e-mail wallet', () => {
  it('approves a new device by the code it shows, typed on the open device; removes it there; the removed browser then needs the recovery code', async () => {
    // A retry starts afresh: a new address, so a new wallet.
    const email = `devices-${process.pid}-${Date.now()}@example.com`;
    const phone = await openSite(stack);
    const connecting = await logIn(stack, phone.page, email);
    await promptOpen(phone.page, phone.frameElement);
    const recoveryCode = (await phone.frameElement.locator('[data-recovery-code]').textContent())!;
    await phone.frameElement.getByRole('button', { name: 'I have saved it' }).click();
    expect(await connecting.answer).toEqual({ ok: {} });
    await promptClosed(phone.page);
    const address = ((await call(phone.page, 'GET_USER', {})).ok as { address: string }).address;

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
    await phone.frameElement.getByRole('button', { name: 'Approve' }).click();
    expect(await waiting.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    await promptClosed(laptop.page);

    // The laptop is lost: the phone's screen lists it (this device marked) and removes it.
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(2);
    expect(await phone.frameElement.locator('[data-device]').first().textContent()).toContain('This device');
    await phone.frameElement.getByRole('button', { name: /^Remove/ }).click();
    await expect.poll(() => phone.frameElement.locator('[data-device]').count()).toBe(1);
    await phone.frameElement.getByRole('button', { name: 'Done' }).click();
    expect(await managing).toEqual({ ok: {} });
    await promptClosed(phone.page);

    // The laptop's browser profile, with its stored share, and a fresh login (the mailbox): the
    // frame says it was removed and asks for the recovery code; the code opens the wallet there again.
    stack.endEmailCodeCooldowns();
    const again = await laptop.page.context().newPage();
    await again.goto(stack.site.url);
    await again.waitForFunction(() => 'frameTest' in window);
    expect(await again.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<unknown> } }).frameTest.connect(url), stack.frame.url)).toEqual({ ok: 'ready' });
    expect(await call(again, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' })).toEqual({ ok: {} });
    const againFrame = again.frames().find((f) => f.url().startsWith(stack.frame.url))!;
    const reopening = await logIn(stack, again, email);
    await promptOpen(again, againFrame);
    await againFrame.getByText('This device was removed from your wallet').waitFor();
    await againFrame.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await againFrame.getByRole('button', { name: 'Open my wallet' }).click();
    expect(await reopening.answer).toEqual({ ok: {} });
    expect(((await call(again, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 180_000);
});
