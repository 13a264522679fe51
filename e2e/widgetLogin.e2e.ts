import { codeFromMail, type ReceivedMail } from '@cairn/devnet/mail';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';
import { E2E_PORTS } from './support/ports.ts';

// E-mail login from the widget (issue 14): the demo's Connect view, the code read from the stack's
// real SMTP mailbox, the OTP view, the frame's own recovery screen shown inside ApproveTransaction,
// then the frame's wallet connected through the EVM adapter; a reload reconnects it without a code.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const mailbox = `http://127.0.0.1:${E2E_PORTS.mail.page}/messages.json`;
const mails = async (): Promise<ReceivedMail[]> => (await fetch(mailbox)).json() as Promise<ReceivedMail[]>;

async function codeFor(email: string, after: number): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const mail = (await mails()).find((item) => item.to.includes(email) && item.id > after);
    if (mail) return codeFromMail(mail);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

const lastMailId = async () => (await mails()).at(-1)?.id ?? 0;
const frameElement = (page: Page) => page.locator('iframe[title="Cairn secure frame"]');
const frameContent = (page: Page) => page.frameLocator('iframe[title="Cairn secure frame"]');

describe('e-mail login from the widget', () => {
  it('logs in with the mailed code, shows the recovery code in the frame over ApproveTransaction, connects, and reconnects after a reload', async () => {
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    const email = `widget-${process.pid}-${Date.now()}@example.com`;
    const after = await lastMailId();

    await connectButton(page).click();
    await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Email' }).waitFor();
    await dialog(page).getByRole('textbox', { name: 'One-time code' }).waitFor();
    expect(await dialog(page).textContent()).toContain(email);

    const code = await codeFor(email, after);
    await dialog(page).getByRole('textbox', { name: 'One-time code' }).fill(code);

    // A new wallet: the frame's own screen shows the recovery code, laid over the ApproveTransaction view.
    await dialog(page).getByRole('heading', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    await frameContent(page).getByRole('button', { name: 'I have saved it' }).waitFor();
    // The frame lies exactly over the view's box (it is in the page's body, not in the modal).
    await expect.poll(async () => {
      const [frameBox, viewBox] = await Promise.all([frameElement(page).boundingBox(), dialog(page).getByTestId('approve-frame-box').boundingBox()]);
      return frameBox && viewBox ? Math.max(Math.abs(frameBox.x - viewBox.x), Math.abs(frameBox.y - viewBox.y), Math.abs(frameBox.width - viewBox.width)) : Infinity;
    }).toBeLessThan(1);
    const recoveryCode = await frameContent(page).locator('[data-recovery-code]').textContent();
    expect(recoveryCode?.length).toBeGreaterThan(10);
    // The site's page cannot read it: the frame is another origin.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(recoveryCode);
    await frameContent(page).getByRole('button', { name: 'I have saved it' }).click();

    await waitForSiteStatus(page, 'connected', 30_000);
    const address = await siteText(page, 'site-address');
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await frameElement(page).boundingBox().then((box) => box?.width ?? 0)).toBe(0);

    // A reload: the frame reopens the wallet from its own storage; no new code is mailed.
    const mailsBefore = await lastMailId();
    await page.reload();
    await waitForSiteStatus(page, 'connected', 30_000);
    expect(await siteText(page, 'site-address')).toBe(address);
    expect(await lastMailId()).toBe(mailsBefore);

    // Disconnecting signs out in the frame: the next reload stays disconnected.
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await siteText(page, 'site-status')).toBe('disconnected');

    // SPEC §5: a new e-mail login within 30 s of the last says how long to wait (the server's answer, through the frame).
    await connectButton(page).click();
    await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog(page).getByRole('alert').filter({ hasText: /Please try again after \d+ seconds/ }).waitFor();
    expect(demo.errors).toEqual([]);
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  }, 120_000);

  it('logs in with a social account: the widget opens the popup on the click, the visitor signs in at the provider, the frame makes the wallet', async () => {
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    await connectButton(page).click();
    const [popup] = await Promise.all([page.context().waitForEvent('page'), dialog(page).getByRole('button', { name: 'Continue with Google' }).click()]);
    await dialog(page).getByRole('status').filter({ hasText: 'Authenticating...' }).waitFor();
    // The stack's OpenID Connect provider stands in for Google.
    await popup.getByLabel('Account').fill(`ann-${process.pid}-${Date.now()}`);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await frameContent(page).getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
    await waitForSiteStatus(page, 'connected', 30_000);
    expect(await siteText(page, 'site-address')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await popup.waitForEvent('close', { timeout: 10_000 }).catch(() => undefined);
    expect(popup.isClosed()).toBe(true);
    expect(demo.errors).toEqual([]);
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  }, 120_000);
});
