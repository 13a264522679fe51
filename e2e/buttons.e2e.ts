import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { injectTestWallets, TEST_ACCOUNTS, testWallet } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { dialog, walletChains } from './support/demo.ts';
import { pageErrorsBesidesVite, serveViteFixture, type ViteFixture } from './support/viteFixture.ts';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';

// ConnectButton's props, NetworkButton and ConnectButton.Custom on a page of their own
// (e2e/fixtures/buttons), with the devnet test wallet.
let site: ViteFixture;
let browser: Browser;

// The fixture's Vite resolves Cairn's packages into dist/, which npm test's build lane (re)writes
// beside this suite: wait for that build, in a hook of its own (as strangerProject does).
beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);

beforeAll(async () => {
  site = await serveViteFixture('buttons', { prebundle: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'viem', '@cairn/core', '@cairn/evm', '@cairn/react'] });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const address = TEST_ACCOUNTS[0]!.address;
const short = `${address.slice(0, 6)}…${address.slice(-6)}`;

describe('buttons a site can place', () => {
  it('ConnectButton takes a label, balance and network chip; NetworkButton and ConnectButton.Custom follow the connection and the network', async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await injectTestWallets(page, [{ chains: walletChains() }]);
    await page.addInitScript({ content: `window.__BUTTONS_PAGE__ = ${JSON.stringify({ rpcUrl: walletChains()[31337] })}` });
    await page.goto(site.url);

    await page.getByRole('button', { name: 'Sign in with a wallet' }).waitFor();
    expect(await page.locator('cairn-network-host').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Custom connect' }).click();
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();

    const account = page.getByRole('button', { name: new RegExp(`^Account ${short} 10,000\\.000 ETH Cairn Devnet$`) });
    await account.waitFor();
    await page.getByRole('button', { name: 'Network: Cairn Devnet' }).waitFor();
    // The styles read what the button holds from attributes, not `:has()` (it doubled the first
    // paint's style work): a balance and a network chip here, so no tight left padding.
    const styleOf = (host: string) =>
      page.locator(`${host} .cb`).evaluate((button) => ({
        withBalance: button.hasAttribute('data-with-balance'),
        withNetwork: button.hasAttribute('data-with-network'),
        kind: button.getAttribute('data-kind'),
        padding: getComputedStyle(button).padding,
      }));
    expect(await styleOf('cairn-connect-button')).toEqual({ withBalance: true, withNetwork: true, kind: 'account', padding: '0px 3px 0px 10px' });
    expect(await styleOf('cairn-network-host')).toEqual({ withBalance: false, withNetwork: false, kind: 'network', padding: '0px 14px' });
    await page.getByTestId('custom-account').filter({ hasText: `${short} 10,000.000 ETH` }).waitFor();

    await page.getByRole('button', { name: 'Network: Cairn Devnet' }).click();
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor();
    await page.keyboard.press('Escape');

    // The wallet moves to a network the site did not ask for.
    await testWallet(page, 0).setChain(31338);
    await page.getByRole('button', { name: 'Network: Wrong network' }).waitFor();
    await page.getByRole('button', { name: 'Custom: wrong network' }).click();
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor();
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });

  it('takes a new theme mode and variables at runtime (setThemeMode, setThemeVariables with a preset)', async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    await page.addInitScript({ content: `window.__BUTTONS_PAGE__ = ${JSON.stringify({ rpcUrl: walletChains()[31337] })}` });
    await page.goto(site.url);
    const host = page.locator('cairn-connect-button');
    const accent = () => page.locator('cairn-connect-button button').evaluate((button) => getComputedStyle(button).backgroundColor);
    await page.getByRole('button', { name: 'Sign in with a wallet' }).waitFor();
    expect(await host.getAttribute('data-theme')).toBe('light');
    expect(await accent()).toBe('rgb(59, 91, 219)');

    type Page = { cairn: { setThemeMode(mode: string): void; setThemeVariables(v: unknown): void }; presets: Record<string, unknown> };
    await page.evaluate(() => (window as unknown as Page).cairn.setThemeMode('dark'));
    await page.waitForFunction(() => document.querySelector('cairn-connect-button')?.getAttribute('data-theme') === 'dark');
    // The colour eases over 150 ms: wait for where it settles.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('cairn-connect-button')!.shadowRoot!.querySelector('button')!).backgroundColor === 'rgb(110, 139, 255)');
    await page.evaluate(() => (window as unknown as Page).cairn.setThemeVariables((window as unknown as Page).presets.forest));
    await page.waitForFunction(() => getComputedStyle(document.querySelector('cairn-connect-button')!.shadowRoot!.querySelector('button')!).backgroundColor === 'rgb(74, 222, 128)');
    await page.evaluate(() => (window as unknown as Page).cairn.setThemeMode('light'));
    await page.waitForFunction(() => getComputedStyle(document.querySelector('cairn-connect-button')!.shadowRoot!.querySelector('button')!).backgroundColor === 'rgb(31, 122, 77)');
    await context.close();
  });

  it("keeps the site's wallet_sendCalls batch pending until the wallet reports it done (EIP-5792)", async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    // It spends: an account whose balance no other file checks (account 0's is).
    await injectTestWallets(page, [{ chains: walletChains(), privateKey: TEST_ACCOUNTS[3]!.privateKey }]);
    await page.addInitScript({ content: `window.__BUTTONS_PAGE__ = ${JSON.stringify({ rpcUrl: walletChains()[31337] })}` });
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Custom connect' }).click();
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();
    await page.getByRole('button', { name: 'Network: Cairn Devnet' }).waitFor();
    type Page = { cairn: { request(args: unknown): Promise<unknown>; stores: { pendingTransactions: { get(): { pending: unknown[] } } } } };
    const pending = () => page.evaluate(() => (window as unknown as Page).cairn.stores.pendingTransactions.get().pending.length);
    const rpc = (method: string) =>
      fetch(walletChains()[31337]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: method === 'evm_setAutomine' ? [false] : [] }) });
    await rpc('evm_setAutomine');
    try {
      const answer = await page.evaluate(() =>
        (window as unknown as Page).cairn.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }] }] }),
      );
      expect(answer).toEqual({ id: expect.any(String) });
      await expect.poll(pending, { timeout: 10_000 }).toBe(1);
      await rpc('evm_mine');
    } finally {
      await fetch(walletChains()[31337]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [true] }) });
    }
    await expect.poll(pending, { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});
