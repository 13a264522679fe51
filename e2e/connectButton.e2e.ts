import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const address = TEST_ACCOUNTS[0]!.address;
const short = `${address.slice(0, 6)}…${address.slice(-6)}`;

/**
 * An init script that makes the injected wallet sit on `methods` (as if its prompt were open)
 * until the test calls `window.__releaseWallet()`. It wraps the provider as it is announced,
 * before the page's own listener sees it.
 */
const holdWallet = (methods: string[]) => `(() => {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  window.__releaseWallet = () => release();
  const held = new Set(${JSON.stringify(methods)});
  const wrapped = new WeakSet();
  window.addEventListener('eip6963:announceProvider', (event) => {
    const provider = event.detail && event.detail.provider;
    if (!provider || wrapped.has(provider)) return;
    wrapped.add(provider);
    const original = provider.request.bind(provider);
    provider.request = (args) => (held.has(args && args.method) ? gate.then(() => original(args)) : original(args));
  }, true);
})();`;

// The button's own <button>, inside its shadow root (CSS locators pierce open shadow roots).
const innerButton = (page: Page) => page.locator('cairn-connect-button button');
const releaseWallet = (page: Page) => page.evaluate(() => (window as unknown as { __releaseWallet(): void }).__releaseWallet());

describe('the connect button', () => {
  it('shows Connecting… while the wallet is asked, then the account and balance, on one element that keeps focus', async () => {
    const demo = await openDemo(browser, { initScripts: [holdWallet(['eth_requestAccounts'])] });
    const { page } = demo;
    await expect(innerButton(page).getAttribute('data-state')).resolves.toBe('disconnected');
    await innerButton(page).evaluate((button) => ((window as unknown as { __button: Element }).__button = button));
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await innerButton(page).filter({ hasText: 'Connecting…' }).waitFor();
    await expect(innerButton(page).getAttribute('aria-busy')).resolves.toBe('true');

    await releaseWallet(page);
    await waitForSiteStatus(page, 'connected');
    const account = page.getByRole('button', { name: `Account ${short}` });
    await account.filter({ hasText: '10,000.000 ETH' }).waitFor();
    await expect(innerButton(page).getAttribute('aria-busy')).resolves.toBeNull();
    await expect(innerButton(page).getAttribute('data-state')).resolves.toBe('connected');
    // The same element throughout, so focus and the modal's focus return stay on it.
    expect(await innerButton(page).evaluate((button) => button === (window as unknown as { __button: Element }).__button)).toBe(true);
    await account.focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    await connectButton(page).waitFor();
    expect(await innerButton(page).evaluate((button) => button === (window as unknown as { __button: Element }).__button)).toBe(true);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('shows Reconnecting… from the first paint of a reload until the remembered wallet answers', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await waitForSiteStatus(page, 'connected');

    await page.addInitScript({ content: holdWallet(['eth_accounts']) });
    await page.reload();
    await innerButton(page).filter({ hasText: 'Reconnecting…' }).waitFor();
    await expect(innerButton(page).getAttribute('data-state')).resolves.toBe('busy');
    await releaseWallet(page);
    await page.getByRole('button', { name: `Account ${short}` }).waitFor();
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
