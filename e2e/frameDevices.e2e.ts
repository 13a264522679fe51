import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, openSite, promptClosed, promptOpen, startFrameStack, type FrameStack } from './support/frameStack.ts';

// A second device (issue 27), in Chromium: a login on another browser profile asks the device that
// has the wallet open, which shows the same pairing code and approves on the person's click; with
// that device gone, the recovery code opens the wallet instead.
let stack: FrameStack;

beforeAll(async () => {
  stack = await startFrameStack('frame-devices');
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('a new device for an e-mail wallet', () => {
  it('is approved on the device that has the wallet open, after both show the same code; with that device gone the recovery code opens it', async () => {
    const email = `devices-${process.pid}@example.com`;
    const phone = await openSite(stack);
    const connecting = await logIn(stack, phone.page, email);
    await promptOpen(phone.page, phone.frameElement);
    const recoveryCode = (await phone.frameElement.locator('[data-recovery-code]').textContent())!;
    await phone.frameElement.getByRole('button', { name: 'I have saved it' }).click();
    expect(await connecting.answer).toEqual({ ok: {} });
    await promptClosed(phone.page);
    const address = ((await call(phone.page, 'GET_USER', {})).ok as { address: string }).address;

    // The laptop logs in with the mailed code: its frame waits for the phone, showing a pairing code.
    stack.endEmailCodeCooldowns();
    const laptop = await openSite(stack);
    const waiting = await logIn(stack, laptop.page, email);
    await promptOpen(laptop.page, laptop.frameElement);
    const laptopCode = await laptop.frameElement.locator('[data-pairing-code]').textContent();
    expect(laptopCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The phone's frame asks its person, with the same code; only its Approve opens the wallet on the laptop.
    await promptOpen(phone.page, phone.frameElement);
    await phone.frameElement.getByRole('heading', { name: 'A new device asks to open your wallet' }).waitFor();
    expect(await phone.frameElement.locator('[data-pairing-code]').textContent()).toBe(laptopCode);
    await phone.frameElement.getByRole('button', { name: 'Approve' }).click();
    expect(await waiting.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    await promptClosed(laptop.page);

    // Both devices gone: a third opens the wallet with the recovery code alone.
    await phone.page.context().close();
    await laptop.page.context().close();
    stack.endEmailCodeCooldowns();
    const tablet = await openSite(stack);
    const recovering = await logIn(stack, tablet.page, email);
    await promptOpen(tablet.page, tablet.frameElement);
    await tablet.frameElement.getByRole('button', { name: 'Use my recovery code or passphrase' }).click();
    await tablet.frameElement.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await tablet.frameElement.getByRole('button', { name: 'Open my wallet' }).click();
    expect(await recovering.answer).toEqual({ ok: {} });
    expect(((await call(tablet.page, 'GET_USER', {})).ok as { address: string }).address).toBe(address);
    expect([...phone.errors, ...laptop.errors, ...tablet.errors]).toEqual([]);
  }, 120_000);
});
