import type { Browser } from 'playwright-core';
import { createPublicClient, http, toHex, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { frameContent, frameScreenSettled } from './support/demoFrame.ts';
import { codeFor, lastMailId } from './support/demoMailbox.ts';
import { dialog, openDemo, siteText, waitForSiteStatus, walletChains } from './support/demo.ts';

// The frame's own screens in the site's language (issue 27): a widget in Arabic tells the frame
// its locale (SYNC_DAPP_DATA), and the frame's recovery and approval screens read in Arabic, right
// to left. The texts are the catalogues' own.
/** From packages/react/src/i18n/catalogues/ar.ts (the modal). */
const MODAL = { email: 'البريد الإلكتروني', continue: 'متابعة', code: 'رمز لمرة واحدة' };
/** From packages/frame/src/i18n/catalogues/ar.ts (the frame). */
const FRAME = { protect: 'احمِ محفظتك', saved: 'لقد حفظته', signMessage: 'توقيع رسالة', site: 'الموقع', message: 'الرسالة', approve: 'موافقة', reject: 'رفض' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the frame's screens in the site's language", () => {
  it('shows its recovery and approval screens in Arabic, right to left, for a widget in Arabic', async () => {
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'ar' } });
    const { page } = demo;
    const email = `arabic-${process.pid}-${Date.now()}@example.com`;
    const after = await lastMailId();
    await page.locator('button[data-state="disconnected"]').first().click();
    await dialog(page).getByRole('textbox', { name: MODAL.email }).fill(email);
    await dialog(page).getByRole('button', { name: MODAL.continue, exact: true }).click();
    await dialog(page).getByRole('textbox', { name: MODAL.code }).fill(await codeFor(email, after));

    // A new wallet: the frame's own recovery screen, in Arabic.
    const frame = frameContent(page);
    await frame.getByRole('heading', { name: FRAME.protect }).waitFor({ timeout: 30_000 });
    const root = frame.locator('html');
    expect(await root.getAttribute('lang')).toBe('ar');
    expect(await root.getAttribute('dir')).toBe('rtl');
    await frame.getByRole('button', { name: FRAME.saved }).click();
    await waitForSiteStatus(page, 'connected', 30_000);
    const address = (await siteText(page, 'site-address')) as Address;

    // The site asks for a signature: the frame's approval screen, in Arabic; the site's message as it is.
    const message = `Hello from the site ${process.pid}`;
    const signed = page.evaluate(
      ([text, account]) => (window as unknown as { cairn: { request(args: unknown): Promise<string> } }).cairn.request({ method: 'personal_sign', params: [text, account] }),
      [toHex(message), address] as const,
    );
    const screen = frame.getByRole('dialog');
    await screen.getByRole('heading', { name: FRAME.signMessage }).waitFor({ timeout: 20_000 });
    await screen.getByText(FRAME.site, { exact: true }).waitFor();
    await screen.getByText(FRAME.message, { exact: true }).waitFor();
    await screen.getByText(message, { exact: true }).waitFor();
    await screen.getByRole('button', { name: FRAME.reject }).waitFor();
    // A click on a frame that has just moved is dropped by Chromium (see frameScreenSettled).
    await frameScreenSettled(page);
    await screen.getByRole('button', { name: FRAME.approve }).click();
    // The stack's e-mail wallet is a smart account: the chain checks its signature (ERC-6492 before it is deployed).
    const chain = createPublicClient({ transport: http(walletChains()[31337]) });
    expect(await chain.verifyMessage({ address, message, signature: (await signed) as `0x${string}` })).toBe(true);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 120_000);
});
