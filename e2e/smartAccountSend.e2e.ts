import { concat, encodeErrorResult, parseAbi, parseEther, size, toHex, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ErrorText } from '@cairn/core';
import { createBlockchainApi } from '@cairn/core/internal';
import { SEND_OUTCOME_TEXTS, SendText } from '@cairn/core/rules';
import { launchChromium } from './support/browser.ts';
import { frameContent } from './support/demoFrame.ts';
import { signUpByEmail } from './support/demoMailbox.ts';
import { dialog, openDemo, openSend, walletChains } from './support/demo.ts';
import { fundExtraAccount } from './support/extraAccounts.ts';
import { devnetClient, holdingTheBundle, replacingTheBundle, userOperationEvents } from './support/heldBundles.ts';
import { siteAnswer, startSiteRequest } from './support/siteRequest.ts';

// Send from the smart account (issue 26), in the widget: the demo's e-mail login gives the frame
// key's smart account (the stack runs a bundler and a paymaster on 31337), and Send's own view sends
// ETH from it as a sponsored user operation (an EIP-5792 batch of one call), approved in the frame:
// pending until the chain mines the bundle that carries it, even one the bundler replaced, then
// confirmed. The account sends its whole balance: with the gas sponsored there is no gas to keep,
// where an EOA's send would be refused for the fee. Then the site's own eth_sendTransaction, whose
// bundle the bundler replaces too; which transaction landed an operation is read from the chain
// (the EntryPoint's UserOperationEvent). Then calls that land and revert (the receiver turned into
// a contract that refuses deposits while the bundle waits): the site's eth_sendTransaction gets
// 'execution reverted', its wallet_sendCalls a 500, and Send shows the send failed. One e-mail
// login serves them all.
const EXPLORER = 'https://explorer.devnet.test';
let browser: Browser;
let demo: Awaited<ReturnType<typeof openDemo>>;
let page: Page;
let address: Address;
const chain = () => devnetClient(walletChains()[31337]!);

const REFUSAL = 'no deposits here';

/**
 * Turns `receiver` into a contract that refuses every call with Error(REFUSAL): done while the
 * bundle waits in the pool, after the bundler simulated the call, so the operation is included
 * and its call reverts (UserOperationEvent success=false), as when the chain changes under a send.
 */
async function refuseDeposits(receiver: Address) {
  const revertData = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [REFUSAL] });
  // PUSH1 size, PUSH1 offset, PUSH1 0, CODECOPY; PUSH1 size, PUSH1 0, REVERT; then the revert data.
  const length = toHex(size(revertData), { size: 1 });
  const code: Hex = concat(['0x60', length, '0x600c', '0x6000', '0x39', '0x60', length, '0x6000', '0xfd', revertData]);
  await chain().request({ method: 'anvil_setCode' as never, params: [receiver, code] as never });
}

/** Gives the smart account `amount` and has the widget read its balance again (Send checks the amount against it). */
/** The account holds `amount` for a site's own call, to a receiver of its own that holds nothing. */
async function fundedForSiteCall(amount: bigint) {
  await fundExtraAccount(address, amount);
  return { amount, receiver: privateKeyToAccount(generatePrivateKey()).address };
}

async function fund(amount: bigint) {
  await fundExtraAccount(address, amount);
  await createBlockchainApi({ url: inject('serverUrl'), projectId: 'cairn-local' }).getBalances(address, 'eip155:31337', { forceUpdate: true });
  await page.evaluate(() => (window as unknown as { cairn: { refreshBalance(options: { force: boolean }): Promise<void> } }).cairn.refreshBalance({ force: true }));
}

/**
 * Approves, in the frame's screen over the widget's Approve view, the transaction of `amount` it
 * shows. Approve takes a click only once the whole screen has been seen unbroken for a moment and
 * the pointer moved onto it since (clickjacking: approvalGate.ts); on a busy machine that wait can
 * restart between Playwright's move and its click, which the screen then refuses. The screen
 * closes on the click it takes: until then, click again, as a person would.
 */
async function approveTransaction(amount: string) {
  await dialog(page).getByRole('heading', { name: 'Approve' }).waitFor();
  const screen = frameContent(page).getByRole('dialog').filter({ hasText: 'Send a transaction' }).filter({ hasText: amount });
  await screen.waitFor();
  await vi.waitFor(
    async () => {
      if (await screen.isVisible()) await frameContent(page).getByRole('button', { name: 'Approve' }).click({ timeout: 5_000 });
      await screen.waitFor({ state: 'hidden', timeout: 1_000 });
    },
    { timeout: 30_000, interval: 100 },
  );
}

/**
 * The site's `method` call paying `receiver`, approved in the frame, its bundle held while the
 * receiver turns into a contract that refuses deposits. Resolves with the call's key and the
 * account's user operations that landed.
 */
async function siteCallThatReverts(method: string, params: unknown[], receiver: Address, amountText: string) {
  const fromBlock = (await chain().getBlockNumber()) + 1n;
  let sending = '';
  await holdingTheBundle(
    chain(),
    async () => {
      sending = await startSiteRequest(page, method, params);
      await approveTransaction(amountText);
    },
    () => refuseDeposits(receiver),
  );
  return { sending, events: await userOperationEvents(chain(), address, fromBlock) };
}

beforeAll(async () => {
  browser = await launchChromium();
  demo = await openDemo(browser, { wallets: [], query: `explorer=${encodeURIComponent(EXPLORER)}`, context: { locale: 'en-US' } });
  page = demo.page;
  address = (await signUpByEmail(page, `smart-send-${process.pid}-${Date.now()}@example.com`)) as Address;
}, 180_000);
afterAll(async () => {
  await demo?.close();
  await browser?.close();
});

describe('Send from the smart account', () => {
  it('sends the whole ETH balance as a sponsored user operation: pending, then confirmed on the bundle that landed though the bundler replaced the first; the receiver holds exactly the amount, the account nothing', async () => {
    // The smart account, counterfactual until its first user operation.
    expect(await chain().getCode({ address })).toBeUndefined();

    const amount = parseEther('0.05');
    await fund(amount);

    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    await openSend(page);
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.05');
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver);
    // SPEC §5: smart accounts skip the gas-funds check; the whole balance may go.
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.05 ETH' }).waitFor();
    expect(await dialog(page).textContent()).not.toContain(SendText.insufficientFunds);

    // The bundler replaces the bundle that carries the send. Send follows the user operation (its
    // batch id, wallet_getCallsStatus: the operation's receipt), so it confirms on the transaction
    // that landed, never waiting on the first hash.
    const { first, event } = await replacingTheBundle(chain(), address, async () => {
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
      await approveTransaction('0.05 ETH');
      await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).waitFor({ timeout: 30_000 });
      await dialog(page).locator('[data-testid="send-outcome"][data-status="pending"]').waitFor();
      // Pending under the user operation: no transaction to link to yet.
      expect(await dialog(page).getByTestId('send-explorer-link').count()).toBe(0);
    });
    await dialog(page).locator('[data-testid="send-outcome"][data-status="confirmed"]').waitFor({ timeout: 15_000 });
    const href = await dialog(page).getByTestId('send-explorer-link').getAttribute('href');
    const hash = href!.slice(`${EXPLORER}/tx/`.length) as Hash;
    // The transaction that landed the operation, by the EntryPoint's event: not the first bundle.
    expect(event.args.success).toBe(true);
    expect(hash).toBe(event.transactionHash);
    expect(hash).not.toBe(first);
    await expect(chain().getTransactionReceipt({ hash: first })).rejects.toThrow();
    expect((await chain().getTransactionReceipt({ hash })).status).toBe('success');
    expect(await chain().getBalance({ address: receiver })).toBe(amount);
    // Sponsored: the account paid no gas, and holds nothing now.
    expect(await chain().getBalance({ address })).toBe(0n);
    expect(await chain().getCode({ address })).not.toBeUndefined();
    // SPEC §2: after the send, Account; the modal is closed for the next test.
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByTestId('wallet-feature-send').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    expect(demo.errors).toEqual([]);
  }, 120_000);

  it("answers the site's own eth_sendTransaction with the hash of the bundle that landed, not the first one the bundler replaced", async () => {
    const { amount, receiver } = await fundedForSiteCall(parseEther('0.01'));
    let sending = '';
    const { first, event } = await replacingTheBundle(chain(), address, async () => {
      sending = await startSiteRequest(page, 'eth_sendTransaction', [{ from: address, to: receiver, value: toHex(amount) }]);
      await approveTransaction('0.01 ETH');
    });
    expect(event.args.success).toBe(true);
    expect(event.transactionHash).not.toBe(first);
    expect(await siteAnswer(page, sending)).toEqual({ ok: event.transactionHash });
    await expect(chain().getTransactionReceipt({ hash: first })).rejects.toThrow();
    expect(await chain().getBalance({ address: receiver })).toBe(amount);
    expect(demo.errors).toEqual([]);
  }, 60_000);

  it("answers the site's eth_sendTransaction whose call reverted with SPEC §8's 'execution reverted' and the contract's reason, not the bundle's hash", async () => {
    const { amount, receiver } = await fundedForSiteCall(parseEther('0.01'));
    const { sending, events } = await siteCallThatReverts('eth_sendTransaction', [{ from: address, to: receiver, value: toHex(amount) }], receiver, '0.01 ETH');
    // On the chain: the bundle succeeded, the operation in it did not.
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.args.success).toBe(false);
    expect((await chain().getTransactionReceipt({ hash: event.transactionHash })).status).toBe('success');
    expect(await siteAnswer(page, sending)).toEqual({ error: `execution reverted: ${REFUSAL}` });
    expect(await chain().getBalance({ address: receiver })).toBe(0n);
    expect(await chain().getBalance({ address })).toBe(amount);
    expect(demo.errors).toEqual([]);
  }, 60_000);

  it("reports a site's wallet_sendCalls whose call reverted as EIP-5792's 500 with a failed receipt, though its bundle succeeded", async () => {
    const { amount, receiver } = await fundedForSiteCall(parseEther('0.001'));
    const { sending, events } = await siteCallThatReverts('wallet_sendCalls', [{ version: '2.0.0', chainId: toHex(31337), from: address, atomicRequired: true, calls: [{ to: receiver, value: toHex(amount) }] }], receiver, '0.001 ETH');
    expect(events.map((event) => event.args.success)).toEqual([false]);
    const { id } = (await siteAnswer(page, sending)).ok as { id: Hash };
    const status = (await siteAnswer(page, await startSiteRequest(page, 'wallet_getCallsStatus', [id]))).ok as { status: number; receipts: { status: Hex; transactionHash: Hash }[] };
    expect(status.status).toBe(500);
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x0']);
    expect((await chain().getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })).status).toBe('success');
    expect(demo.errors).toEqual([]);
  }, 60_000);

  it('shows a send whose call reverted as failed in Send, on the transaction that carried it', async () => {
    // The account still holds the 0.011 ETH the reverted calls did not move.
    await fund(parseEther('0.009'));
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    await openSend(page);
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.02');
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.02 ETH' }).waitFor();
    const fromBlock = (await chain().getBlockNumber()) + 1n;
    await holdingTheBundle(
      chain(),
      async () => {
        await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
        await approveTransaction('0.02 ETH');
        await dialog(page).locator('[data-testid="send-outcome"][data-status="pending"]').waitFor({ timeout: 30_000 });
      },
      () => refuseDeposits(receiver),
    );
    const events = await userOperationEvents(chain(), address, fromBlock);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.args.success).toBe(false);
    await dialog(page).locator('[data-testid="send-outcome"][data-status="failed"]').waitFor({ timeout: 15_000 });
    await dialog(page).getByTestId('toast').filter({ hasText: SEND_OUTCOME_TEXTS.failed }).waitFor();
    const href = await dialog(page).getByTestId('send-explorer-link').getAttribute('href');
    expect(href).toBe(`${EXPLORER}/tx/${event.transactionHash}`);
    expect(await chain().getBalance({ address: receiver })).toBe(0n);
    expect(await chain().getBalance({ address })).toBe(parseEther('0.02'));
    expect(demo.errors).toEqual([]);
  }, 60_000);
});
