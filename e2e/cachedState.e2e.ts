import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo, walletChains } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const accountBalance = (page: Page) => dialog(page).getByTestId('account-balance');

/** Holds the server's balance answers until `release` is called. */
async function holdBalances(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/balance?*', (route) => (holding ? void held.push(route) : route.continue()));
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held) await route.continue();
    },
  };
}

describe('state that survives a reload', () => {
  it('shows the balance kept from the last visit before the network answers', async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    const before = (await accountBalance(page).filter({ hasText: /ETH$/ }).textContent())!;
    // What the widget keeps is the validated cache, never a token.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('@cairn/')).sort())).toEqual(
      expect.arrayContaining(['@cairn/connections', '@cairn/portfolioCache']),
    );

    // A reload 40 s later: the kept balance is stale, so it is read again, and the server is slow.
    await page.clock.install({ time: Date.now() + 40_000 });
    const held = await holdBalances(page);
    await page.reload();
    await page.getByRole('button', { name: /^Account / }).click();
    await accountBalance(page).filter({ hasText: before }).waitFor();
    await expect.poll(() => held.count()).toBeGreaterThan(0);
    await held.release();
    await accountBalance(page).filter({ hasText: /ETH$/ }).waitFor();
    await demo.close();
  });

  it("says 'Token Balance Unavailable' in a toast when a balance cannot be read", async () => {
    const demo = await openDemo(browser);
    const { page } = demo;
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await accountBalance(page).filter({ hasText: /ETH$/ }).waitFor();
    // Neither the server nor the chain answers for the other network.
    await page.route('**/balance?*', (route) => route.fulfill({ status: 404, body: '{}' }));
    // The site reads the chain through its server's RPC proxy (`api`, no rpcUrl); a site's own RPC too.
    const chainTwo = (url: URL) =>
      (url.pathname === '/v1/' && url.searchParams.get('chainId') === 'eip155:31338') || url.href.startsWith(walletChains()[31338]!);
    await page.route(chainTwo, (route) => (route.request().postData()?.includes('eth_getBalance') ? route.abort() : route.continue()));
    await dialog(page).getByTestId('account-network').click();
    await dialog(page).getByRole('button', { name: /Cairn Devnet Two/ }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.tokenBalanceUnavailable }).waitFor();
    await demo.close();
  });
});
