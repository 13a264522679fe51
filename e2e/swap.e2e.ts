import { createPublicClient, erc20Abi, formatEther, formatUnits, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { deployment } from '@cairn/devnet';
import { formatAmount } from '@cairn/core/internal';
import { launchChromium } from './support/browser.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';
import { connectWallet, dialog, openDemo, walletChains } from './support/demo.ts';
import { EXTRA_ACCOUNTS, fundExtraAccount } from './support/extraAccounts.ts';

// Swap on the devnet: quotes from the local server, real approve and swap transactions through the
// injected wallet, balances read back from the chain. On chain 31338: the swaps move the pools'
// prices, and other files assert USD values at 31337's seeded prices.
const VISITOR = EXTRA_ACCOUNTS.swapVisitor;
const { testUsd, weth, ammRouter } = deployment.contracts as Record<string, Address>;
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);

let browser: Browser;
const CHAIN_ID = 31338;
const chain = () => createPublicClient({ transport: http(walletChains()[CHAIN_ID]) });
const demoOptions = { wallets: [{ privateKey: VISITOR.privateKey, chainId: CHAIN_ID }], query: `networks=${CHAIN_ID}`, context: { locale: 'en-US' } };
const ethOf = () => chain().getBalance({ address: VISITOR.address });
const tusdOf = () => chain().readContract({ address: testUsd!, abi: erc20Abi, functionName: 'balanceOf', args: [VISITOR.address] });
const routerOut = async (amount: bigint, path: Address[]) =>
  (await chain().readContract({ address: ammRouter!, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] })).at(-1)!;

beforeAll(async () => {
  browser = await launchChromium();
  await fundExtraAccount(VISITOR.address, parseEther('5'), CHAIN_ID);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function openSwap(page: Page) {
  await page.getByRole('button', { name: /^Account / }).click();
  await dialog(page).getByTestId('wallet-feature-swaps').click();
  await dialog(page).getByRole('heading', { name: 'Swap' }).waitFor();
  await dialog(page).getByLabel('You pay').waitFor();
}

const displayed = (value: bigint, decimals: number) => Number(value) / 10 ** decimals;

describe('Swap', () => {
  it('swaps ETH to the stablecoin and back (approving the router first), at the quoted prices, balances moving on chain', async () => {
    const { page } = await openDemo(browser, demoOptions);
    await connectWallet(page);
    await openSwap(page);

    // ETH -> TUSD: the quote shown is the router's getAmountsOut.
    await dialog(page).getByLabel('You pay').fill('1');
    const expectedUsd = await routerOut(parseEther('1'), [weth!, testUsd!]);
    await dialog(page).getByTestId('swap-to-amount').filter({ hasText: /[1-9]/ }).waitFor();
    const shown = Number((await dialog(page).getByTestId('swap-to-amount').textContent())!.replace(/,/g, ''));
    expect(shown).toBeCloseTo(displayed(expectedUsd, 6), 2);
    await expect.poll(() => dialog(page).getByTestId('swap-price-impact').textContent()).toMatch(/^0\.\d+%$/);
    await dialog(page).getByTestId('swap-fee').filter({ hasText: '$' }).waitFor();
    await dialog(page).getByTestId('swap-review').click();
    await dialog(page).getByTestId('swap-preview').filter({ hasText: '1 ETH → ' }).waitFor();
    const [ethBefore, usdBefore] = [await ethOf(), await tusdOf()];
    await dialog(page).getByTestId('swap-confirm').click();
    // 'Transaction started', then how it ended, as Send says it.
    await dialog(page).getByTestId('toast').filter({ hasText: 'Transaction confirmed' }).waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(tusdOf, { timeout: 15_000 }).toBe(usdBefore + expectedUsd);
    expect(ethBefore - (await ethOf())).toBeGreaterThan(parseEther('1'));
    expect(ethBefore - (await ethOf())).toBeLessThan(parseEther('1.01'));

    // TUSD -> ETH: the router may not spend TUSD yet, so the review approves it first.
    await dialog(page).getByTestId('wallet-feature-swaps').click();
    await dialog(page).getByLabel('You pay').waitFor();
    await dialog(page).getByRole('button', { name: 'Switch tokens' }).click();
    await expect.poll(() => dialog(page).getByLabel('Token to pay').inputValue()).toContain(testUsd!);
    // The balance line waits for the account's token balances (read after the first swap).
    await dialog(page).getByTestId('swap-source-balance').filter({ hasText: /Balance [1-9]/ }).waitFor({ timeout: 15_000 });
    await dialog(page).getByLabel('You pay').fill('500');
    await dialog(page).getByTestId('swap-review').filter({ hasText: 'Approve and swap TUSD' }).waitFor();
    const expectedEth = await routerOut(parseUnits('500', 6), [testUsd!, weth!]);
    await dialog(page).getByTestId('swap-review').click();
    await dialog(page).getByTestId('swap-confirm').filter({ hasText: 'Approve TUSD' }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: 'Transaction confirmed' }).waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(tusdOf, { timeout: 15_000 }).toBe(usdBefore + expectedUsd - parseUnits('500', 6));
    const allowance = await chain().readContract({ address: testUsd!, abi: erc20Abi, functionName: 'allowance', args: [VISITOR.address, ammRouter!] });
    expect(allowance).toBe(0n); // approved exactly the amount, all spent
    expect(expectedEth).toBeGreaterThan(parseEther('0.24'));

    // After a reload, in either theme and at a phone's width: Account shows both tokens as the chain has them, whole.
    await expectShownInEveryLook(page, {
      reopen: () => reopenAccount(page),
      checks: async () => {
        const [eth, tusd] = [`${formatAmount(formatEther(await ethOf()))} ETH`, formatAmount(formatUnits(await tusdOf(), 6))];
        await expect.poll(() => dialog(page).getByTestId('account-balance').textContent()).toBe(eth);
        expect(await dialog(page).getByTestId('token-TUSD').locator('.token-amount').textContent()).toBe(tusd);
      },
    });
  });

  it('refuses more than the balance before asking the wallet', async () => {
    const { page } = await openDemo(browser, demoOptions);
    await connectWallet(page);
    await openSwap(page);
    await dialog(page).getByLabel('You pay').fill('1000000');
    await dialog(page).getByTestId('swap-error').filter({ hasText: 'Insufficient ETH balance' }).waitFor();
    await dialog(page).getByTestId('swap-review').click();
    await dialog(page).getByRole('heading', { name: 'Swap' }).waitFor();
    expect(await dialog(page).getByTestId('swap-preview').count()).toBe(0);
  });
});
