import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { connectButton, connectWallet, dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('stored state and the demo dev panel', () => {
  it('drops corrupted or foreign stored values without breaking the page', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await page.evaluate(() => {
      localStorage.setItem('@cairn/connections', '{not json');
      localStorage.setItem('@cairn/recentWallets', JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }]));
      localStorage.setItem('@cairn/activeNetwork', JSON.stringify('javascript:alert(1)'));
      localStorage.setItem('@cairn/connectedWallet', 'x'.repeat(100_000));
    });
    await page.reload();
    await waitForSiteStatus(page, 'disconnected');
    expect(await siteText(page, 'site-chain')).toBe('eip155:31337');
    // Every stored value is checked when the browser is next idle (within 4 s): wait for it, bounded.
    await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('@cairn/')), null, { timeout: 10_000 });
    await connectWallet(page);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('injects the devnet test wallet from the dev panel, and it survives a reload', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    await page.getByRole('checkbox', { name: 'Inject the devnet test wallet (EIP-6963)' }).check();
    await page.waitForLoadState('load');
    await page.getByRole('checkbox', { name: 'Inject the devnet test wallet (EIP-6963)' }).and(page.locator(':checked')).waitFor();
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await waitForSiteStatus(page, 'connected');
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    await demo.close();
  });
});
