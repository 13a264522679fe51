import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { BITCOIN_TEST_ACCOUNTS, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, connectWallet, dialog, openDemo, pageEvents, siteText, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const address = TEST_ACCOUNTS[0]!.address; // 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
const short = `${address.slice(0, 6)}…${address.slice(-6)}`;

describe('connecting the injected test wallet', () => {
  // CI's intermittent "disconnected right after connecting": the catalogue and a lazily loaded
  // adapter's wallets arrived while the click was on its way; the centred card grew and the
  // wallet's row jumped up, so the click opened another wallet's WalletConnect view instead.
  it("keeps the wallet rows under the pointer when the catalogue and a lazily loaded adapter's wallets arrive", async () => {
    const demo = await openDemo(browser, { query: 'bitcoin=1', bitcoinWallets: [{ secretKey: BITCOIN_TEST_ACCOUNTS[0]!.secretKey }] });
    const { page } = demo;
    const held: Route[] = [];
    await page.route(/\/getWallets\?|\/bitcoinAdapterBody-[^/]*\.js$/, (route) => void held.push(route));
    await connectButton(page).click();
    const row = dialog(page).getByRole('button', { name: 'Cairn Test Wallet' });
    await row.waitFor();
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
    await row.click({ trial: true }); // where Playwright would click: the row shown and still
    const before = await row.boundingBox();
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await dialog(page).getByRole('button', { name: 'Cairn Bitcoin Wallet' }).waitFor();
    await dialog(page).getByTestId('all-wallets').filter({ hasText: /\d/ }).waitFor();
    expect(await row.boundingBox()).toEqual(before);
    await demo.close();
  });

  it('connects, shows the shortened address and the real devnet balance, switches network, disconnects', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectButton(page).click();
    // A click before the modal's idle prefetch has landed opens it once its chunk arrives.
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await waitForSiteStatus(page, 'connected');
    expect(await siteText(page, 'site-address')).toBe(address);
    expect(await siteText(page, 'site-chain')).toBe('eip155:31337');

    // The modal closed on connect; the button now shows the account.
    const accountButton = page.getByRole('button', { name: new RegExp(`Account ${short}`) });
    await accountButton.waitFor();
    await page.getByRole('button', { name: new RegExp(`Account ${short}`) }).filter({ hasText: '10,000.000 ETH' }).waitFor();
    await accountButton.click();
    const account = dialog(page);
    await account.getByText(short, { exact: true }).waitFor();
    await account.getByText('10,000.000 ETH').waitFor();
    // Prices come from the devnet's pools through the site's own server: ETH 2000, CAIRN 2.5 TUSD.
    await account.getByTestId('token-CAIRN').filter({ hasText: '1,000.000' }).filter({ hasText: '$2,500.00' }).waitFor();
    await account.getByTestId('token-TUSD').filter({ hasText: '5,000.000' }).waitFor();
    expect(await account.getByTestId('token-ZERO').count()).toBe(0); // 0 decimals: filtered (SPEC §5)
    await account.getByTestId('account-usd').filter({ hasText: '$20,007,500.00' }).waitFor();

    // Switch to the second devnet chain: account 0 holds exactly 42 ETH there.
    await account.getByRole('button', { name: /Cairn Devnet/ }).click();
    await dialog(page).getByRole('button', { name: 'Cairn Devnet Two' }).click();
    await dialog(page).getByText('42.000 ETH').waitFor();
    expect(await siteText(page, 'site-chain')).toBe('eip155:31338');
    expect(await demo.wallet().getState()).toMatchObject({ chainId: 31338 });

    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    await connectButton(page).waitFor();
    // SPEC §9 order: WalletConnect, then the wallet just used, as a recent wallet.
    await connectButton(page).click();
    const rows = dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button');
    await expect(rows.nth(0).textContent()).resolves.toMatch(/^WalletConnect/);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/^Cairn Test Wallet.*Recent/);
    await page.keyboard.press('Escape');
    expect(await pageEvents(page)).toEqual(
      expect.arrayContaining(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS']),
    );
    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('restores the connection after a reload without asking the wallet again', async () => {
    const demo = await openDemo(browser);
    await connectWallet(demo.page);
    await demo.page.reload();
    await waitForSiteStatus(demo.page, 'connected');
    expect(await siteText(demo.page, 'site-address')).toBe(address);
    await demo.page.getByRole('button', { name: new RegExp(`Account ${short}`) }).waitFor();
    // The wallet forgetting the site (revoked while away) means a reload ends disconnected.
    await demo.wallet().revoke();
    await demo.page.reload();
    await waitForSiteStatus(demo.page, 'disconnected');
    await connectButton(demo.page).waitFor();
    await demo.close();
  });

  it("says 'Failed to disconnect' when the wallet fails the disconnect, and stays connected", async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectWallet(page);
    await demo.wallet().failNext('wallet_revokePermissions');
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'Failed to disconnect' }).waitFor();
    expect(await siteText(page, 'site-status')).toBe('connected');
    expect(await pageEvents(page)).toContain('DISCONNECT_ERROR');
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    await demo.close();
  });

  it('follows the wallet switching network and account on its own', async () => {
    const demo = await openDemo(browser);
    await connectWallet(demo.page);
    await demo.wallet().setChain(31338);
    await demo.page.waitForFunction(() => document.querySelector('[data-testid="site-chain"]')?.textContent === 'eip155:31338', null, STATE_POLLING);
    await demo.wallet().setAccount(TEST_ACCOUNTS[1]!.privateKey);
    await demo.page.waitForFunction(
      (expected) => document.querySelector('[data-testid="site-address"]')?.textContent === expected,
      TEST_ACCOUNTS[1]!.address,
    );
    await demo.wallet().disconnect();
    await waitForSiteStatus(demo.page, 'disconnected');
    await demo.close();
  });

  it('shows a retry after the wallet rejects the connection (4001), and the retry connects', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await demo.wallet().rejectNext();
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await dialog(page).getByText('Connection declined').waitFor();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await waitForSiteStatus(page, 'connected');
    expect(await pageEvents(page)).toEqual(expect.arrayContaining(['CONNECT_ERROR', 'CONNECT_SUCCESS']));
    await demo.close();
  });

  it('lists two announced wallets, and a plain window.ethereum as a browser wallet', async () => {
    const two = await openDemo(browser, { wallets: [{}, { privateKey: TEST_ACCOUNTS[1]!.privateKey }] });
    await connectButton(two.page).click();
    await dialog(two.page).getByRole('button', { name: 'Cairn Test Wallet' }).waitFor();
    await dialog(two.page).getByRole('button', { name: 'Second Test Wallet' }).click();
    await waitForSiteStatus(two.page, 'connected');
    expect(await siteText(two.page, 'site-address')).toBe(TEST_ACCOUNTS[1]!.address);
    await two.close();

    const legacy = await openDemo(browser, { wallets: [{ asWindowEthereum: true, announce: false }] });
    await connectButton(legacy.page).click();
    await dialog(legacy.page).getByRole('button', { name: 'Browser Wallet' }).click();
    await waitForSiteStatus(legacy.page, 'connected');
    await legacy.close();
  });

  it('says so when no wallet is installed', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    await connectButton(demo.page).click();
    await dialog(demo.page).getByText('No wallet found in this browser').waitFor();
    await demo.close();
  });
});
