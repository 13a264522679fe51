import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { deployment, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo, walletChains } from './support/demo.ts';
import { expectShownInEveryLook, reopenAccount } from './support/everyLook.ts';
import { EXTRA_ACCOUNTS } from './support/extraAccounts.ts';

// Activity on the devnet: real transfers, indexed by the server, read by the widget.
const VISITOR = EXTRA_ACCOUNTS.activityVisitor;
const PEER = EXTRA_ACCOUNTS.activityPeer;
const RECEIVED = 23; // more than the server's page of 20, so the list pages by cursor
/** A token amount shown exactly, long enough to crowd a phone's row (its counterparty stays whole). */
const CAIRN_RECEIVED = '123.456789';
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;

let browser: Browser;

async function transfer(from: { privateKey: `0x${string}` }, to: string, ether: string) {
  const wallet = createWalletClient({ account: privateKeyToAccount(from.privateKey), transport: http(walletChains()[31337]) });
  return wallet.sendTransaction({ to: to as Address, value: parseEther(ether), chain: null });
}

/** Until the server's indexer has every transfer of the visitor. */
async function indexed(count: number) {
  const url = `${inject('serverUrl')}/v1/account/${VISITOR.address}/history?chainId=eip155:31337&limit=100&projectId=cairn-local&st=cairn-e2e&sv=0.1.0`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`history: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown[] };
    if (body.data.length >= count) return;
    if (Date.now() > deadline) throw new Error(`history has ${body.data.length} of ${count} transactions after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  for (let i = 0; i < RECEIVED; i += 1) await transfer(PEER, VISITOR.address, `0.${String(i + 1).padStart(2, '0')}`);
  // CAIRN from a test account whose tokens no other file counts.
  const funder = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[3]!.privateKey), transport: http(walletChains()[31337]) });
  const cairn = await funder.writeContract({ address: deployment.contracts.cairnToken as Address, abi: erc20Abi, functionName: 'transfer', args: [VISITOR.address, parseEther(CAIRN_RECEIVED)], chain: null });
  await createPublicClient({ transport: http(walletChains()[31337]) }).waitForTransactionReceipt({ hash: cairn, pollingInterval: 50 });
  await transfer(VISITOR, PEER.address, '1.5');
  await indexed(RECEIVED + 2);
}, 120_000);
afterAll(() => browser?.close());

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date());

describe('Activity', () => {
  it('lists the devnet transfers under this month, newest first, and loads the next page on scroll', async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: VISITOR.privateKey }], context: { locale: 'en-US' } });
    const { page } = demo;
    await connectWallet(page);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-activity').click();
    await dialog(page).getByRole('heading', { name: 'Activity' }).waitFor();
    await dialog(page).getByRole('heading', { name: monthName, exact: true }).waitFor();

    const rows = dialog(page).getByTestId('activity-row');
    await rows.first().waitFor();
    // Newest first: the visitor's own send, then the last transfer received.
    await expect.poll(() => rows.nth(0).innerText()).toMatch(new RegExp(`Sent[\\s\\S]*to ${short(PEER.address)}[\\s\\S]*-1\\.500 ETH`));
    expect(await rows.nth(1).innerText()).toMatch(new RegExp(`Received[\\s\\S]*from ${short(TEST_ACCOUNTS[3]!.address)}[\\s\\S]*\\+${CAIRN_RECEIVED.replace('.', '\\.')} CAIRN`));
    expect(await rows.nth(2).innerText()).toMatch(new RegExp(`Received[\\s\\S]*from ${short(PEER.address)}[\\s\\S]*\\+0\\.230 ETH`));
    expect(await rows.count()).toBe(20);

    await dialog(page).getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(RECEIVED + 2);
    expect(await rows.last().innerText()).toMatch(/\+0\.010 ETH/);

    // After a reload, in either theme and at a phone's width: the same transfers, each row whole (its date too).
    await expectShownInEveryLook(page, {
      reopen: () => reopenAccount(page, 'activity'),
      checks: async () => {
        await expect.poll(() => rows.nth(0).innerText()).toMatch(new RegExp(`Sent[\\s\\S]*to ${short(PEER.address)}[\\s\\S]*-1\\.500 ETH`));
        expect(await rows.nth(1).innerText()).toMatch(new RegExp(`Received[\\s\\S]*from ${short(TEST_ACCOUNTS[3]!.address)}[\\s\\S]*\\+${CAIRN_RECEIVED.replace('.', '\\.')} CAIRN`));
      },
    });
    await demo.close();
  });

  it("fetches again on a switch of network, and says 'Failed to fetch transactions' with a retry when the server fails", async () => {
    const demo = await openDemo(browser, { wallets: [{ privateKey: VISITOR.privateKey }] });
    const { page } = demo;
    await connectWallet(page);
    let failing = true;
    await page.route('**/history?*', (route) => (failing ? route.fulfill({ status: 404, body: '{}' }) : route.continue()));
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-activity').click();
    await dialog(page).getByRole('alert').filter({ hasText: ErrorText.failedToFetchTransactions }).waitFor();

    failing = false;
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await dialog(page).getByTestId('activity-row').first().waitFor();

    await demo.wallet().setChain(31338);
    await dialog(page).getByText('No activity yet').waitFor();
    expect(await dialog(page).getByTestId('activity-row').count()).toBe(0);
    await demo.close();
  });
});
