import { createPublicClient, formatEther, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { formatAmount } from '@cairn/core/internal';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, connectWallet, dialog, openDemo, siteText, waitForSiteStatus, walletChains } from './support/demo.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The test wallet forgets its network on a reload; an extension does not: this one keeps it for the tab. */
const WALLET_KEEPS_ITS_NETWORK = `{
  const wallet = window.cairnTestWallet.wallets[0];
  const kept = Number(sessionStorage.getItem('test-wallet-chain'));
  if (kept) wallet.setChain(kept);
  window.addEventListener('pagehide', () => sessionStorage.setItem('test-wallet-chain', String(wallet.getState().chainId)));
}`;

const unsupportedText = "This app doesn't support your current network";

describe('networks', () => {
  it('opens UnsupportedChain when the wallet is on a network the site did not request, and switching fixes it', async () => {
    // The site asks only for 31338; the wallet starts on 31337.
    const demo = await openDemo(browser, { query: 'networks=31338', initScripts: [WALLET_KEEPS_ITS_NETWORK] });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await dialog(page).getByRole('heading', { name: 'Switch Network' }).waitFor();
    await dialog(page).getByText(unsupportedText).waitFor();
    expect(await siteText(page, 'site-network')).toBe('Unsupported (eip155:31337)');
    await dialog(page).getByRole('button', { name: 'Cairn Devnet Two' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await siteText(page, 'site-chain')).toBe('eip155:31338');
    await page.waitForFunction(() => document.querySelector('[data-testid="site-balance"]')?.textContent === '42 ETH', null, STATE_POLLING);

    // After a reload, in either theme and at a phone's width: Account is on the new network, with its balance there, whole.
    const balanceThere = () => createPublicClient({ transport: http(walletChains()[31338]) }).getBalance({ address: TEST_ACCOUNTS[0]!.address });
    await expectShownInEveryLook(page, {
      reopen: () => reopenAccount(page),
      checks: async () => {
        await dialog(page).getByRole('button', { name: /Cairn Devnet Two/ }).waitFor();
        await expect.poll(() => dialog(page).getByTestId('account-balance').textContent()).toBe(`${formatAmount(formatEther(await balanceThere()))} ETH`);
      },
    });
    await demo.close();
  });

  it('opens UnsupportedChain when the wallet moves to an unknown network by itself', async () => {
    const demo = await openDemo(browser);
    await connectWallet(demo.page);
    await demo.wallet().setChain(1);
    await dialog(demo.page).getByText(unsupportedText).waitFor();
    // The balance is not read on a network the site does not support (SPEC §5).
    expect(await siteText(demo.page, 'site-balance')).toBe('—');
    await dialog(demo.page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(demo.page, 'disconnected');
    await demo.close();
  });

  it('keeps the network when the wallet declines the switch, and says so', async () => {
    const demo = await openDemo(browser);
    await connectWallet(demo.page);
    await demo.wallet().rejectNext();
    await demo.page.getByRole('button', { name: /^Account / }).click();
    await dialog(demo.page).getByRole('button', { name: /Cairn Devnet/ }).click();
    await dialog(demo.page).getByRole('button', { name: 'Cairn Devnet Two' }).click();
    await dialog(demo.page).getByText('Switch declined in the wallet').waitFor();
    expect(await siteText(demo.page, 'site-chain')).toBe('eip155:31337');
    await demo.close();
  });
});
