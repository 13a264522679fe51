import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { deployment, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo, openSend, pageEvents, walletChains } from './support/demo.ts';
import { EXTRA_ACCOUNTS, fundExtraAccount } from './support/extraAccounts.ts';

// How a send ends, as Send and its toast say it, against the devnet: confirmed (with the
// explorer's page for the hash), or mined and reverted by the token contract (with its reason).
const RECEIVER = EXTRA_ACCOUNTS.sendReceiver;
const CAIRN = deployment.contracts.cairnToken as Address;
const EXPLORER = 'https://explorer.devnet.test';

let browser: Browser;
const transport = () => http(walletChains()[31337]);
const chain = () => createPublicClient({ transport: transport() });
const rpc = (method: string, params: unknown[] = []) => chain().request({ method: method as never, params: params as never });
const cairnOf = (address: Address) => chain().readContract({ address: CAIRN, abi: erc20Abi, functionName: 'balanceOf', args: [address] });

/** A fresh visitor with 1 ETH and `cairn` CAIRN, so that no other file's balances move. */
async function freshSender(cairn: bigint) {
  const privateKey = generatePrivateKey();
  const { address } = privateKeyToAccount(privateKey);
  await fundExtraAccount(address, parseEther('1'));
  const funder = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[3]!.privateKey), transport: transport() });
  const hash = await funder.writeContract({ address: CAIRN, abi: erc20Abi, functionName: 'transfer', args: [address, cairn], chain: null });
  await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { privateKey, address };
}

/** The hash Send links to on the explorer. */
async function linkedHash(page: Page): Promise<Hash> {
  const href = await dialog(page).getByTestId('send-explorer-link').getAttribute('href');
  expect(href).toMatch(new RegExp(`^${EXPLORER}/tx/0x[0-9a-f]{64}$`));
  return href!.slice(`${EXPLORER}/tx/`.length) as Hash;
}

/** No button, field or link of the dialog (but the toast's own) lies under the toast. */
async function expectToastCoversNoControl(page: Page) {
  const toast = await dialog(page).getByTestId('toast').boundingBox();
  expect(toast).not.toBeNull();
  for (const control of await dialog(page).locator('button, input, select, a[href]').all()) {
    const box = await control.boundingBox();
    if (!box || (await control.evaluate((element) => element.closest('[data-testid="toast"]') !== null))) continue;
    const overlaps = box.x < toast!.x + toast!.width && toast!.x < box.x + box.width && box.y < toast!.y + toast!.height && toast!.y < box.y + box.height;
    expect(overlaps, `the toast covers ${await control.evaluate((element) => element.outerHTML.slice(0, 80))}`).toBe(false);
  }
}

/** Where a control sits in the dialog's card, by layout (a pressed button's `scale(.98)` aside). */
const offsetTopInCard = (control: Locator) =>
  control.evaluate((element) => {
    let top = 0;
    for (let at: HTMLElement | null = element as HTMLElement; at && at.getAttribute('role') !== 'dialog'; at = at.offsetParent as HTMLElement | null) top += at.offsetTop;
    return top;
  });

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await rpc('evm_setAutomine', [true]).catch(() => undefined);
  await browser?.close();
});

describe('Send: how it ended', () => {
  it('shows the send pending, then confirmed with its page on the explorer; a toast says each and covers no control', async () => {
    const sender = await freshSender(0n);
    const demo = await openDemo(browser, { wallets: [{ privateKey: sender.privateKey }], query: `explorer=${encodeURIComponent(EXPLORER)}` });
    const { page } = demo;
    await connectWallet(page);
    const receiverBefore = await chain().getBalance({ address: RECEIVER.address });
    await openSend(page);
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.0123');
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER.address);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.0123 ETH' }).waitFor();

    await rpc('evm_setAutomine', [false]);
    let pressedDoneTop: number | undefined;
    try {
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
      await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).waitFor();
      // Checked once the view has settled on the outcome (the review view is leaving when the toast appears).
      await dialog(page).locator('[data-testid="send-outcome"][data-status="pending"]').waitFor();
      await expectToastCoversNoControl(page);
      expect(await dialog(page).getByTestId('send-outcome-status').textContent()).toBe('Sent. Waiting for the network to confirm it…');
      const hash = await linkedHash(page);
      expect((await chain().getTransaction({ hash })).blockNumber).toBeNull();
      // The visitor presses Done while the send is pending and lets go once it is confirmed (ci11 of
      // session 19: the test's click landed so, and Done did nothing). The status line was two lines
      // while pending and one once confirmed: Done moved 24 px up from under the pointer, the press
      // ended beside it and no click reached it. Done stays where it was pressed.
      const done = dialog(page).getByRole('button', { name: 'Done' });
      const box = (await done.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.75);
      await page.mouse.down();
      pressedDoneTop = await offsetTopInCard(done);
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await dialog(page).locator('[data-testid="send-outcome"][data-status="confirmed"]').waitFor({ timeout: 10_000 });
    expect.soft(await offsetTopInCard(dialog(page).getByRole('button', { name: 'Done' })), 'Done moved when the send was confirmed').toBe(pressedDoneTop);
    expect(await dialog(page).getByTestId('send-outcome-status').textContent()).toBe('Transaction confirmed');
    await dialog(page).getByTestId('toast').filter({ hasText: 'Transaction confirmed' }).waitFor();
    await expectToastCoversNoControl(page);
    const hash = await linkedHash(page);
    expect(await dialog(page).getByTestId('toast-link').getAttribute('href')).toBe(`${EXPLORER}/tx/${hash}`);
    expect(await dialog(page).getByTestId('toast-link').textContent()).toBe('View on Devnet Explorer');
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await chain().getBalance({ address: RECEIVER.address })).toBe(receiverBefore + parseEther('0.0123'));

    // Done (the press begun while pending ends now): to Account; Send opened again starts from a clean form.
    await page.mouse.up();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByRole('heading', { name: 'Send', exact: true }).waitFor();
    expect(await dialog(page).getByLabel('Amount', { exact: true }).inputValue()).toBe('');
    expect(await dialog(page).getByLabel('To', { exact: true }).inputValue()).toBe('');
    expect(demo.errors).toEqual([]);
    await demo.close();
    // At load ~37 (session 20, beside four other runs) its first 40 s reached the confirmation, and 60 s ran out before Account.
  }, 120_000);

  it("shows a token send the contract reverts as failed, with the node's reason, and keeps the form for another try", async () => {
    const sender = await freshSender(parseEther('10'));
    const demo = await openDemo(browser, { wallets: [{ privateKey: sender.privateKey }], query: `explorer=${encodeURIComponent(EXPLORER)}` });
    const { page } = demo;
    await connectWallet(page);
    await openSend(page);
    await dialog(page).getByLabel('Token', { exact: true }).selectOption({ label: 'CAIRN (10.000)' });
    await dialog(page).getByLabel('Amount', { exact: true }).fill('8');
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER.address);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '8 CAIRN' }).waitFor();

    // Between the review and the wallet, the visitor's other device spends 5 of the 10 CAIRN.
    const elsewhere = createWalletClient({ account: privateKeyToAccount(sender.privateKey), transport: transport() });
    const spent = await elsewhere.writeContract({ address: CAIRN, abi: erc20Abi, functionName: 'transfer', args: [TEST_ACCOUNTS[3]!.address, parseEther('5')], chain: null });
    await chain().waitForTransactionReceipt({ hash: spent, pollingInterval: 50 });
    const receiverBefore = await cairnOf(RECEIVER.address);

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(page).locator('[data-testid="send-outcome"][data-status="failed"]').waitFor({ timeout: 15_000 });
    expect(await dialog(page).getByTestId('send-outcome-status').textContent()).toBe('Transaction failed');
    const reason = 'The contract refused the transaction: ERC20InsufficientBalance';
    expect(await dialog(page).getByTestId('send-outcome-reason').textContent()).toBe(reason);
    await dialog(page).getByTestId('toast').filter({ hasText: reason }).waitFor();
    await expectToastCoversNoControl(page);

    // The chain agrees: mined, reverted, nothing moved.
    const receipt = await chain().getTransactionReceipt({ hash: await linkedHash(page) });
    expect(receipt.status).toBe('reverted');
    expect(await cairnOf(sender.address)).toBe(parseEther('5'));
    expect(await cairnOf(RECEIVER.address)).toBe(receiverBefore);
    expect(await pageEvents(page)).toEqual(expect.arrayContaining(['SEND_SUCCESS', 'SEND_ERROR']));

    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    expect(await dialog(page).getByLabel('Amount', { exact: true }).inputValue()).toBe('8');
    expect(await dialog(page).getByLabel('To', { exact: true }).inputValue()).toBe(RECEIVER.address);
    await demo.close();
  });
});
