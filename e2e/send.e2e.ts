import { createPublicClient, createWalletClient, erc20Abi, formatEther, http, parseEther, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { deployment, TEST_ACCOUNTS } from '@cairn/devnet';
import { formatAmount } from '@cairn/core/internal';
import { launchChromium } from './support/browser.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';
import { connectWallet, dialog, openDemo, openSend, pageEvents, walletChains } from './support/demo.ts';
import { EXTRA_ACCOUNTS } from './support/extraAccounts.ts';
import { noteToasts } from './support/toastsSeen.ts';

// Send on the devnet: real transactions from the injected wallet, balances read from the chain.
const SENDER = EXTRA_ACCOUNTS.sendVisitor;
const RECEIVER = EXTRA_ACCOUNTS.sendReceiver;
const CAIRN = deployment.contracts.cairnToken as Address;

let browser: Browser;
const chain = () => createPublicClient({ transport: http(walletChains()[31337]) });
const rpc = (method: string, params: unknown[] = []) => chain().request({ method: method as never, params: params as never });
const ethOf = (address: string) => chain().getBalance({ address: address as Address });
const cairnOf = (address: string) => chain().readContract({ address: CAIRN, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] });
/** An amount as Account and Send's list show it (SPEC §9: 3 decimals). */
const shown = (wei: bigint) => formatAmount(formatEther(wei));

beforeAll(async () => {
  browser = await launchChromium();
  // The sender's CAIRN, from a test account whose tokens no other file counts.
  const funder = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[3]!.privateKey), transport: http(walletChains()[31337]) });
  const hash = await funder.writeContract({ address: CAIRN, abi: erc20Abi, functionName: 'transfer', args: [SENDER.address, parseEther('100')], chain: null });
  await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 });
}, 60_000);
afterAll(async () => {
  await rpc('evm_setAutomine', [true]).catch(() => undefined);
  await browser?.close();
});

async function fillSend(page: Page, amount: string) {
  await dialog(page).getByLabel('Amount', { exact: true }).fill(amount);
  await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER.address);
}

/** The hash of the sender's latest transaction in the last few blocks (the page does not expose it). */
async function lastSentHash(): Promise<Hash> {
  const latest = await chain().getBlockNumber();
  for (let number = latest; number > latest - 5n && number >= 0n; number -= 1n) {
    const block = await chain().getBlock({ blockNumber: number, includeTransactions: true });
    const sent = block.transactions.find((tx) => tx.from.toLowerCase() === SENDER.address.toLowerCase());
    if (sent) return sent.hash;
  }
  throw new Error('no transaction from the sender in the last 5 blocks');
}

describe('Send', () => {
  it('sends ETH: review, the wallet, pending in Activity, then listed under this month; both balances move by the exact amounts', async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: SENDER.privateKey }], context: { locale: 'en-US' } });
    const { page } = demo;
    await connectWallet(page);
    const [senderBefore, receiverBefore] = [await ethOf(SENDER.address), await ethOf(RECEIVER.address)];
    await openSend(page);
    await fillSend(page, '0.25');
    await dialog(page).getByTestId('send-receiver').filter({ hasText: '0xa0Ee…a79720' }).waitFor();
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.25 ETH' }).waitFor();

    // Held in the mempool, so that it is seen pending.
    await rpc('evm_setAutomine', [false]);
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).waitFor();
    await dialog(page).locator('[data-testid="send-outcome"][data-status="pending"]').waitFor();
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await dialog(page).getByTestId('account-activity').click();
    await dialog(page).getByTestId('activity-pending').filter({ hasText: '-0.25 ETH' }).waitFor();

    await rpc('evm_mine');
    await rpc('evm_setAutomine', [true]);
    await dialog(page).getByTestId('activity-pending').waitFor({ state: 'detached', timeout: 20_000 });
    const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date());
    await dialog(page).getByRole('heading', { name: month, exact: true }).waitFor();
    await dialog(page).getByTestId('activity-row').filter({ hasText: '-0.250 ETH' }).first().waitFor();

    const hash = await lastSentHash();
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await ethOf(RECEIVER.address)).toBe(receiverBefore + parseEther('0.25'));
    expect(await ethOf(SENDER.address)).toBe(senderBefore - parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice);
    expect(await pageEvents(page)).toEqual(expect.arrayContaining(['SEND_INITIATED', 'SEND_SUCCESS']));
    await demo.close();
  });

  it('sends the 18-decimal CAIRN token: the receiver gets exactly 10', async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: SENDER.privateKey }] });
    const { page } = demo;
    await connectWallet(page);
    const [senderBefore, receiverBefore] = [await cairnOf(SENDER.address), await cairnOf(RECEIVER.address)];
    await openSend(page);
    // Native first, then by USD value: CAIRN ($2.50) before TUSD ($1), had the sender any TUSD.
    expect(await dialog(page).getByLabel('Token', { exact: true }).locator('option').allTextContents()).toEqual([expect.stringMatching(/^ETH \([\d,]+\.\d{3}\)$/), 'CAIRN (100.000)']);
    await dialog(page).getByLabel('Token', { exact: true }).selectOption({ label: 'CAIRN (100.000)' });
    await fillSend(page, '10');
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '10 CAIRN' }).waitFor();
    const toasts = await noteToasts(page);
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    // Mined at once (automine): 'Transaction confirmed' can replace the started toast before a locator looks.
    await expect.poll(toasts, { timeout: 30_000 }).toContain(ErrorText.transactionStarted);
    await expect.poll(() => cairnOf(RECEIVER.address)).toBe(receiverBefore + parseEther('10'));
    expect(await cairnOf(SENDER.address)).toBe(senderBefore - parseEther('10'));
    // The flow ends where Send says it is confirmed (the widget then reads past the server's cache).
    await dialog(page).locator('[data-testid="send-outcome"][data-status="confirmed"]').waitFor({ timeout: 10_000 });

    // After a reload, in either theme and at a phone's width, Send (clean) lists the sender's ETH and
    // CAIRN as the chain has them, and says under each field what is wrong, all shown whole.
    const amount = dialog(page).getByLabel('Amount', { exact: true });
    const receiver = dialog(page).getByLabel('To', { exact: true });
    await expectShownInEveryLook(page, {
      reopen: async () => {
        await reopenAccount(page, 'send');
        expect([await amount.inputValue(), await receiver.inputValue()]).toEqual(['', '']);
      },
      checks: async () => {
        const tokens = dialog(page).getByLabel('Token', { exact: true }).locator('option');
        const onChain = [`ETH (${shown(await ethOf(SENDER.address))})`, `CAIRN (${shown(await cairnOf(SENDER.address))})`];
        await expect.poll(() => tokens.allTextContents()).toEqual(onChain);
        await amount.fill('-1');
        await receiver.fill('0x123');
        await expect.poll(() => dialog(page).getByTestId('send-amount-error').textContent()).toBe('The amount cannot be negative');
        await expect.poll(() => dialog(page).getByTestId('send-receiver-error').textContent()).toBe('This is not a valid address on this network');
      },
    });
    await demo.close();
  });

  it('says under each field what is wrong as it is typed, before the wallet is asked; reopened, Send is clean', async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: SENDER.privateKey }] });
    const { page } = demo;
    await connectWallet(page);
    await openSend(page);
    const amount = dialog(page).getByLabel('Amount', { exact: true });
    const receiver = dialog(page).getByLabel('To', { exact: true });
    const amountError = dialog(page).getByTestId('send-amount-error');
    const receiverError = dialog(page).getByTestId('send-receiver-error');
    const says = (field: typeof amountError, text: string) => expect.poll(() => field.textContent(), { timeout: 5000 }).toBe(text);

    // As typed, without Review: each field its own text.
    await amount.fill('abc');
    await says(amountError, 'Enter the amount as a number, like 0.5');
    await amount.fill('-1');
    await says(amountError, 'The amount cannot be negative');
    await amount.fill('1e18');
    await says(amountError, 'Enter the amount as a number, like 0.5');
    await amount.fill('0.1234567890123456789');
    await says(amountError, 'ETH has at most 18 decimals');
    await receiver.fill('0x123');
    await says(receiverError, 'This is not a valid address on this network');
    expect(await receiver.getAttribute('aria-invalid')).toBe('true');
    await receiver.fill(RECEIVER.address);
    await receiverError.waitFor({ state: 'detached' });
    await amount.fill('1000000');
    await says(amountError, 'Insufficient funds for the amount and the network fee');
    await amount.fill('0.5');
    await amountError.waitFor({ state: 'detached' });

    // Empty fields say so once the review is asked for.
    await amount.fill('');
    await receiver.fill('');
    expect(await amountError.count()).toBe(0);
    await dialog(page).getByTestId('send-review').click();
    await says(amountError, 'Enter an amount');
    await says(receiverError, "Enter the receiver's address");
    expect(await dialog(page).getByTestId('send-preview-amount').count()).toBe(0);

    // Back to Account and into Send again: a clean form, no error.
    await amount.fill('abc');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByRole('heading', { name: 'Send', exact: true }).waitFor();
    expect(await amount.inputValue()).toBe('');
    expect(await receiver.inputValue()).toBe('');
    expect(await amountError.count()).toBe(0);
    expect(await pageEvents(page)).not.toContain('SEND_INITIATED');
    await demo.close();
  });

  it('keeps the form and says it failed when the visitor declines in the wallet (4001)', async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: SENDER.privateKey }] });
    const { page } = demo;
    await connectWallet(page);
    const before = await ethOf(SENDER.address);
    await openSend(page);
    await fillSend(page, '0.5');
    await dialog(page).getByTestId('send-review').click();
    await demo.wallet().rejectNext();
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.failedToSendTransaction }).waitFor();
    await dialog(page).getByRole('heading', { name: 'Send', exact: true }).waitFor();
    expect(await dialog(page).getByLabel('Amount', { exact: true }).inputValue()).toBe('0.5');
    expect(await dialog(page).getByLabel('To', { exact: true }).inputValue()).toBe(RECEIVER.address);
    expect(await pageEvents(page)).toContain('SEND_ERROR');
    expect(await ethOf(SENDER.address)).toBe(before);
    await demo.close();
  });

  it("shows the site's own eth_sendTransaction (the demo's tip) as pending in Activity until mined", async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: SENDER.privateKey }] });
    const { page } = demo;
    await connectWallet(page);
    await rpc('evm_setAutomine', [false]);
    try {
      await page.getByRole('button', { name: 'Tip 0.001 ETH' }).click();
      await page.getByTestId('tip-result').filter({ hasText: /^Sent: 0x/ }).waitFor();
      await page.getByRole('button', { name: /^Account / }).click();
      await dialog(page).getByTestId('account-activity').click();
      await dialog(page).getByTestId('activity-pending').waitFor();
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await dialog(page).getByTestId('activity-pending').waitFor({ state: 'detached', timeout: 20_000 });
    await demo.close();
  });
});
