import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo } from './support/demo.ts';

// The modal speaks the browser's language (or the site's `locale`), fetching only that catalogue;
// Arabic lays out right to left.
/** From packages/react/src/i18n/catalogues/de.ts. */
const GERMAN = { connect: 'Wallet verbinden', close: 'Schließen' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('languages', () => {
  it('speaks German in a German browser, fetching its catalogue only', async () => {
    const demo = await openDemo(browser, { context: { locale: 'de-DE' } });
    const { page } = demo;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The button starts in English (as a server renders it) and turns German once the catalogue is in.
    await page.getByRole('button', { name: GERMAN.connect, exact: true }).click();
    await dialog(page).getByRole('heading', { name: GERMAN.connect }).waitFor();
    expect(await dialog(page).getAttribute('lang')).toBe('de');
    expect(await dialog(page).getAttribute('dir')).toBe('ltr');
    await dialog(page).getByRole('button', { name: GERMAN.close }).waitFor();
    expect(await connectButton(page).count()).toBe(0); // no English left on the button
    expect(scripts.some((url) => /\/(fr|ja|ar|es)-[\w-]+\.js$/.test(url))).toBe(false);
    await demo.close();
  });

  it('lays out right to left in Arabic', async () => {
    const demo = await openDemo(browser, { context: { locale: 'ar' } });
    const { page } = demo;
    await page.locator('button[data-state="disconnected"]').first().waitFor();
    await page.waitForFunction(() => {
      const host = [...document.querySelectorAll('*')].find((element) => element.shadowRoot?.querySelector('button.cb'));
      const text = host?.shadowRoot?.querySelector('button.cb')?.textContent ?? '';
      return text !== '' && text !== 'Connect Wallet';
    });
    await page.locator('button[data-state="disconnected"]').first().click();
    await dialog(page).waitFor();
    expect(await dialog(page).getAttribute('dir')).toBe('rtl');
    expect(await dialog(page).getAttribute('lang')).toBe('ar');
    await demo.close();
  });
});
