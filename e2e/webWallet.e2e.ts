import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, http, numberToHex, parseEther, stringToHex, verifyMessage, type Hex } from 'viem';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { createSignClientDapp, type SignClientDapp } from './support/signClientDapp.ts';

// The demo's web wallet (/wallet.html, WalletKit in the page) paired by hand with a sign-client
// dapp in this process, through the stack's relay, as a person would: paste the URI, approve.

let browser: Browser;
let dapp: SignClientDapp;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  dapp = await createSignClientDapp({ relayUrl: inject('relayUrl'), name: 'Trail Dapp' });
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(async () => {
  await dapp?.close();
  await browser?.close();
});

async function openWallet(query = '') {
  const { context, foreignRequests } = await isolatedContext(browser);
  cleanups.push(() => context.close());
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${inject('demoUrl')}wallet.html${query}`);
  return { page, errors, foreignRequests };
}

/** The devnet account this file's wallet spends from. */
const holder = TEST_ACCOUNTS[2]!;

const proposalCard = (page: Page) => page.getByRole('article', { name: 'Trail Dapp wants to connect' });

describe('the demo web wallet', () => {
  it('pairs from a pasted URI, connects with devnet account 0, signs a message the dapp verifies and sends a devnet transfer', async () => {
    const { page, errors, foreignRequests } = await openWallet();
    await page.getByRole('note').filter({ hasText: 'Devnet only.' }).waitFor();
    expect(await page.getByTestId('wallet-address').textContent()).toBe(TEST_ACCOUNTS[0]!.address);
    // Account 0's balances are what other e2e files check: this test spends from account 2.
    await page.getByLabel('Account', { exact: true }).selectOption({ index: 2 });
    expect(await page.getByTestId('wallet-address').textContent()).toBe(holder.address);

    const { uri, approved } = await dapp.propose([31337, 31338]);
    await page.getByLabel('WalletConnect URI').fill(uri);
    await page.getByRole('button', { name: 'Pair' }).click();
    const proposal = proposalCard(page);
    await proposal.waitFor();
    await proposal.getByText('Cairn Devnet (eip155:31337), Cairn Devnet Two (eip155:31338)').waitFor();
    await proposal.getByText('personal_sign', { exact: false }).waitFor();
    await proposal.getByRole('button', { name: 'Approve' }).click();

    const session = await approved;
    expect(session.namespaces.eip155!.accounts).toEqual([`eip155:31337:${holder.address}`, `eip155:31338:${holder.address}`]);
    await page.getByRole('list', { name: 'Connected sites' }).getByText('Trail Dapp').waitFor();
    await proposal.waitFor({ state: 'detached' });

    const message = 'Welcome to the trail.\nnonce 7';
    const signature = dapp.request<Hex>(session.topic, 31337, 'personal_sign', [stringToHex(message), holder.address]);
    const request = page.getByRole('article', { name: 'Sign a message · Trail Dapp' });
    await request.waitFor();
    expect(await request.getByTestId('request-message').textContent()).toBe(message);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(verifyMessage({ address: holder.address, message, signature: await signature })).resolves.toBe(true);
    await request.waitFor({ state: 'detached' });

    // A transfer shows its recipient and value, and Approve sends it on the devnet.
    const recipient = TEST_ACCOUNTS[3]!.address;
    const sent = dapp.request<Hex>(session.topic, 31338, 'eth_sendTransaction', [
      { from: holder.address, to: recipient, value: numberToHex(parseEther('1.5')) },
    ]);
    const transfer = page.getByRole('article', { name: 'Send a transaction · Trail Dapp' });
    expect(await transfer.getByTestId('request-to').textContent()).toBe(recipient);
    expect(await transfer.getByTestId('request-value').textContent()).toBe('1.5 ETH');
    await transfer.getByText('on Cairn Devnet Two').waitFor();
    await transfer.getByRole('button', { name: 'Approve' }).click();
    const chain = createPublicClient({ transport: http(inject('chains').find((c) => c.chainId === 31338)!.url) });
    const receipt = await chain.waitForTransactionReceipt({ hash: await sent, timeout: 15_000 });
    expect(receipt).toMatchObject({ status: 'success', from: holder.address.toLowerCase(), to: recipient.toLowerCase() });

    // Switching account in the wallet reaches the dapp as accountsChanged.
    const event = dapp.nextEvent();
    await page.getByLabel('Account', { exact: true }).selectOption({ index: 1 });
    await expect(event).resolves.toMatchObject({ name: 'accountsChanged', data: [TEST_ACCOUNTS[1]!.address] });

    const deleted = dapp.nextSessionDelete();
    await page.getByRole('button', { name: 'Disconnect Trail Dapp' }).click();
    await expect(deleted).resolves.toEqual({ topic: session.topic });
    await page.getByText('No site is connected.').waitFor();
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens a deep link (?uri=) straight on the proposal, and Reject tells the dapp the user declined', async () => {
    const { uri, approved } = await dapp.propose([31337]);
    const { page, errors, foreignRequests } = await openWallet(`?uri=${encodeURIComponent(uri)}`);
    await proposalCard(page).getByRole('button', { name: 'Reject' }).click();
    await expect(approved).rejects.toMatchObject({ code: 5000 });
    await proposalCard(page).waitFor({ state: 'detached' });
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
