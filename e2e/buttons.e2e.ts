import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { injectTestWallets, TEST_ACCOUNTS, testWallet } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { dialog, walletChains } from './support/demo.ts';
import { pageErrorsBesidesVite, serveViteFixture, type ViteFixture } from './support/viteFixture.ts';

// ConnectButton's props, NetworkButton and ConnectButton.Custom on a page of their own
// (e2e/fixtures/buttons), with the devnet test wallet.
let site: ViteFixture;
let browser: Browser;

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

    const account = page.getByRole('button', { name: new RegExp(`^Account ${short} 10000\\.000 ETH Cairn Devnet$`) });
    await account.waitFor();
    await page.getByRole('button', { name: 'Network: Cairn Devnet' }).waitFor();
    await page.getByTestId('custom-account').filter({ hasText: `${short} 10000.000 ETH` }).waitFor();

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
});
