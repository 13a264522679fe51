import { createPublicClient, formatEther, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatAmount } from '@cairn/core/internal';
import { launchChromium } from './support/browser.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';
import { connectWallet, dialog, openDemo, walletChains } from './support/demo.ts';

// Buy through the local server's own onramp provider: its checkout opens in a popup, the card form
// is filled there, and the bought Ether arrives on the devnet as a real transaction.
const visitorKey = generatePrivateKey();
const visitor = privateKeyToAccount(visitorKey).address;
const chain = () => createPublicClient({ transport: http(walletChains()[31337]) });
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Buy (onramp)', () => {
  it('quotes with the fee, pays through the provider checkout popup, and shows the Ether that arrived', async () => {
    const { page } = await openDemo(browser, { wallets: [{ privateKey: visitorKey }], context: { locale: 'en-US' } });
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('wallet-feature-onramp').click();
    await dialog(page).getByRole('heading', { name: 'Buy' }).waitFor();
    // Other files swap on the same pool, so the price is near 2000 USD, not exactly it.
    await dialog(page).getByTestId('buy-quote').filter({ hasText: /^0\.0\d+ ETH$/ }).waitFor();
    const quoted = Number((await dialog(page).getByTestId('buy-quote').textContent())!.split(' ')[0]);
    expect(quoted).toBeGreaterThan(0.04925 * 0.97);
    expect(quoted).toBeLessThan(0.04925 * 1.03);
    expect(await dialog(page).getByTestId('buy-fee').textContent()).toBe('1.50 USD');

    await dialog(page).getByLabel('Amount').fill('5');
    await dialog(page).getByTestId('buy-error').filter({ hasText: 'Enter an amount from 10 to 7500 USD' }).waitFor();
    await dialog(page).getByRole('button', { name: '50 USD', exact: true }).click();
    await dialog(page).getByTestId('buy-quote').filter({ hasText: /^0\.02\d+ ETH$/ }).waitFor();

    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByTestId('buy-continue').click()]);
    await popup.waitForLoadState();
    // The checkout locks its quote: what it shows is what is paid.
    const locked = /You get ([\d.]+) ETH/.exec((await popup.getByTestId('checkout-quote').textContent())!)![1]!;
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
    await popup.getByRole('button', { name: 'Pay 50 USD' }).click();
    await popup.getByTestId('checkout-done').waitFor();
    await popup.close();

    await dialog(page).getByTestId('buy-arrived').filter({ hasText: `+${locked} ETH` }).waitFor({ timeout: 20_000 });
    expect(await chain().getBalance({ address: visitor })).toBe(parseEther(locked));
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByTestId('account-balance').filter({ hasText: /0\.02\d ETH/ }).waitFor();

    // After a reload, in either theme and at a phone's width: Account shows the chain's balance, whole.
    await expectShownInEveryLook(page, {
      reopen: () => reopenAccount(page),
      checks: async () => {
        const onChain = `${formatAmount(formatEther(await chain().getBalance({ address: visitor })))} ETH`;
        await expect.poll(() => dialog(page).getByTestId('account-balance').textContent()).toBe(onChain);
      },
    });
  });
});
