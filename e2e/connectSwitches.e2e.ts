import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { scanQr } from './support/scanQr.ts';
import { connectButton, dialog, openDemo, waitForSiteStatus } from './support/demo.ts';

// SPEC §9's Connect switches and connector order, as the visitor sees them on the demo
// (`legal=1`, `collapse=1`, `custom=1`, `analytics=0`: apps/demo/src/createDemoCairn.ts).

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const walletRows = (page: Page) => dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button');

async function openConnect(page: Page) {
  await connectButton(page).click();
  await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
}

describe('Connect switches (SPEC §9)', () => {
  it('by default: no legal checkbox, no collapsed wallets, the wallet rows can be picked', async () => {
    const demo = await openDemo(browser);
    await openConnect(demo.page);
    await walletRows(demo.page).first().waitFor();
    expect(await dialog(demo.page).getByRole('checkbox').count()).toBe(0);
    expect(await dialog(demo.page).getByTestId('continue-with-wallet').count()).toBe(0);
    expect(await dialog(demo.page).getByRole('button', { name: 'Cairn Test Wallet' }).isEnabled()).toBe(true);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('legalCheckbox: the wallet rows stay disabled until the terms are accepted, then connect', async () => {
    const demo = await openDemo(browser, { query: 'legal=1' });
    const { page, url } = demo;
    await openConnect(page);
    const checkbox = dialog(page).getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy' });
    await checkbox.waitFor();
    const origin = new URL(url).origin;
    expect(await dialog(page).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(`${origin}/terms.html`);
    expect(await dialog(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(`${origin}/privacy.html`);
    const testWallet = dialog(page).getByRole('button', { name: 'Cairn Test Wallet' });
    expect(await testWallet.isDisabled()).toBe(true);
    expect(await dialog(page).getByRole('button', { name: 'WalletConnect' }).isDisabled()).toBe(true);
    expect(await dialog(page).getByTestId('all-wallets').isDisabled()).toBe(true);

    await checkbox.check();
    expect(await testWallet.isEnabled()).toBe(true);
    await testWallet.click();
    await waitForSiteStatus(page, 'connected');
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('collapseWallets: one row stands for the wallets beside the e-mail login, and opens them', async () => {
    const demo = await openDemo(browser, { query: 'collapse=1' });
    const { page } = demo;
    await openConnect(page);
    await dialog(page).getByRole('textbox', { name: 'Email' }).waitFor();
    const more = dialog(page).getByRole('button', { name: 'Continue with a wallet' });
    await more.waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).count()).toBe(0);
    await more.click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await waitForSiteStatus(page, 'connected');
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});

describe('connector order and the site\'s custom wallet (SPEC §9)', () => {
  it('lists walletConnect, injected, custom, then recommended; the custom wallet shows its logo and its WalletConnect QR code', async () => {
    const demo = await openDemo(browser, { query: 'custom=1' });
    const { page } = demo;
    await openConnect(page);
    const rows = walletRows(page);
    // The catalogue's recommended wallets arrive from the server after the browser's own.
    await expect.poll(async () => (await rows.allTextContents()).length, { timeout: 10_000 }).toBeGreaterThan(4);
    const names = (await rows.allTextContents()).map((text) => text.replace(/,.*$/, ''));
    expect(names.slice(0, 3)).toEqual([expect.stringMatching(/^WalletConnect/), expect.stringMatching(/^Cairn Test Wallet/), 'Trail Wallet']);
    expect(names.at(-1)).toMatch(/^All Wallets/);
    const logo = dialog(page).getByTestId('catalogue-wallet-org.trailhead.wallet').locator('img');
    expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

    await dialog(page).getByRole('button', { name: 'Trail Wallet' }).click();
    await dialog(page).getByRole('heading', { name: 'Trail Wallet' }).waitFor();
    const qr = dialog(page).getByTestId('walletconnect-qr');
    await qr.waitFor();
    // The code holds the URI the view shows. A fresh URI replaces one that expired while the view
    // stays (startWalletConnect), and at load ~15 one did between the screenshot and the read of the
    // attribute (session 19: the scan read one URI, the attribute another; that it was an expiry is
    // the likely cause, not proven): read until they agree.
    let uri = '';
    await expect
      .poll(async () => {
        uri = await scanQr(page, qr);
        return uri === (await qr.getAttribute('data-uri'));
      }, { timeout: 30_000 })
      .toBe(true);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);

    // The QR code is named for the site's wallet, as a catalogue wallet's is (walletConnect.e2e.ts pairs a wallet with one).
    expect(await dialog(page).getByRole('img', { name: 'WalletConnect QR code for Trail Wallet' }).count()).toBe(1);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});

/** A call to the site's server about analytics (the widget's own chunks, such as analyticsSender-*.js, are not). */
const isAnalyticsCall = (url: string) => /analytics/i.test(new URL(url).pathname) && !new URL(url).pathname.startsWith('/assets/');

describe('analytics (SPEC §9)', () => {
  it('on (the default) the widget asks the site\'s server whether to send; off, it never asks', async () => {
    const asked: string[] = [];
    const off = await openDemo(browser, { query: 'analytics=0' });
    off.page.on('request', (request) => {
      if (isAnalyticsCall(request.url())) asked.push(`off ${request.method()} ${new URL(request.url()).pathname}`);
    });
    await openConnect(off.page);
    await off.page.keyboard.press('Escape');
    // Opened after the other: its question comes after anything the other would have sent.
    const on = await openDemo(browser);
    on.page.on('request', (request) => {
      if (isAnalyticsCall(request.url())) asked.push(`on ${request.method()} ${new URL(request.url()).pathname}`);
    });
    await openConnect(on.page);
    await expect.poll(() => asked, { timeout: 10_000 }).toContain('on GET /getAnalyticsConfig');
    // The local stack's server has analytics off (ANALYTICS_ENABLED): asked, it is sent nothing.
    expect(asked).toEqual(['on GET /getAnalyticsConfig']);
    expect([...off.errors, ...on.errors]).toEqual([]);
    await Promise.all([off.close(), on.close()]);
  });
});

describe('a refused action (SPEC §9 modal shake)', () => {
  it('the modal shakes for half a second when the wallet declines', async () => {
    // With motion on (the browser suite's pages ask for reduced motion by default): the shake as most users see it.
    const demo = await openDemo(browser, { context: { reducedMotion: 'no-preference' } });
    const { page } = demo;
    await openConnect(page);
    // Records each change of the card's shake, with its time (the modal is in a shadow root).
    await page.evaluate(() => {
      const find = (root: Document | ShadowRoot): Element | undefined =>
        root.querySelector('[role="dialog"]') ?? [...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [find(el.shadowRoot)] : [])).find(Boolean);
      const card = find(document)!;
      const shakes: [boolean, number][] = [];
      (window as unknown as { shakes: typeof shakes }).shakes = shakes;
      new MutationObserver(() => shakes.push([card.hasAttribute('data-shaking'), performance.now()])).observe(card, { attributes: true, attributeFilter: ['data-shaking'] });
      // And each change of the modal store's shake, on the same clock: the 500 ms are timed from it.
      const modal = (window as unknown as { cairn: { stores: { modal: { get(): { shaking?: boolean }; subscribe(listener: () => void): () => void } } } }).cairn.stores.modal;
      const stored: [boolean, number][] = [];
      (window as unknown as { storedShakes: typeof stored }).storedShakes = stored;
      modal.subscribe(() => {
        const shaking = Boolean(modal.get().shaking);
        if (shaking !== (stored.at(-1)?.[0] ?? false)) stored.push([shaking, performance.now()]);
      });
    });
    await demo.wallet().rejectNext();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await dialog(page).getByText('Connection declined').waitFor();
    const shakes = () => page.evaluate(() => (window as unknown as { shakes: [boolean, number][] }).shakes);
    await expect.poll(async () => (await shakes()).map(([on]) => on), { timeout: 5_000 }).toEqual([true, false]);
    const [[, start], [, end]] = (await shakes()) as [[boolean, number], [boolean, number]];
    const stored = (await page.evaluate(() => (window as unknown as { storedShakes: [boolean, number][] }).storedShakes)) as [boolean, number][];
    expect(stored.map(([on]) => on)).toEqual([true, false]);
    const [[, storedStart], [, storedEnd]] = stored as [[boolean, number], [boolean, number]];
    // The shake lasts SPEC's 500 ms from the refusal (a timer cannot end early: 1 ms for the clock's
    // rounding), and the card shows it from then until then. Its attribute's own span was asserted
    // at >= 450 ms, but it is the timer's less the lag of the render that sets it plus that of the one
    // that clears it: it read 447.9 ms at load ~30 (session 19's first run, passing on its retry).
    expect(storedEnd - storedStart).toBeGreaterThanOrEqual(499);
    expect(storedEnd - storedStart).toBeLessThan(1_500);
    expect(start).toBeGreaterThanOrEqual(storedStart);
    expect(end).toBeGreaterThanOrEqual(storedEnd);
    expect(end - start).toBeLessThan(1_500);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
