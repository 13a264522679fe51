import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { verifyBip322 } from '@cairn/bitcoin/bip322';
import { createEsploraClient } from '@cairn/bitcoin/esplora';
import { ErrorText } from '@cairn/core';
import { formatBalance, formatUnits } from '@cairn/core/internal';
import { BITCOIN_TEST_ACCOUNTS, mineBitcoinBlocks, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectWallet, dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

// Bitcoin beside EVM (issue 15): the injected WBIP004 + Wallet Standard wallet on the stack's
// regtest chain (bcoin behind the devnet's Esplora facade), a BIP-322 signature checked by the
// server-safe verifier, a real BTC send confirmed by a mined block, and one namespace disconnected
// while the other stays.
const SENDER = BITCOIN_TEST_ACCOUNTS[1]!; // no other e2e file spends from it
const RECEIVER = BITCOIN_TEST_ACCOUNTS[3]!.ordinals; // a taproot (P2TR) address
const EVM_ADDRESS = TEST_ACCOUNTS[0]!.address;
const REGTEST_CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const esplora = () => createEsploraClient({ url: inject('bitcoinUrl') });
const accountButton = (page: Page) => page.getByRole('button', { name: /^Account / });
const siteAddressIs = (page: Page, address: string) =>
  page.waitForFunction((expected) => document.querySelector('[data-testid="site-address"]')?.textContent === expected, address, STATE_POLLING);

async function openAccount(page: Page) {
  await accountButton(page).click();
  await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
}

describe('Bitcoin beside EVM', () => {
  it('connects EVM then Bitcoin, shows both, signs with BIP-322, sends BTC, and disconnects Bitcoin while EVM stays', async () => {
    const demo = await openDemo(browser, { query: 'bitcoin=1', bitcoinWallets: [{ secretKey: SENDER.secretKey }], context: { locale: 'en-US' } });
    const { page } = demo;

    await connectWallet(page);
    expect(await siteText(page, 'site-address')).toBe(EVM_ADDRESS);

    // Bitcoin from the Account view: the payment address (SPEC §4) becomes the active account.
    await openAccount(page);
    await dialog(page).getByTestId('account-connect-another').click();
    await dialog(page).getByRole('button', { name: 'Cairn Bitcoin Wallet' }).click();
    await siteAddressIs(page, SENDER.payment);
    expect(await siteText(page, 'site-chain')).toBe(REGTEST_CHAIN);
    expect(await siteText(page, 'site-status')).toBe('connected');

    // Both accounts are shown; the switcher moves between them.
    await openAccount(page);
    const bitcoinTab = dialog(page).getByTestId('account-namespace-bip122');
    const evmTab = dialog(page).getByTestId('account-namespace-eip155');
    await bitcoinTab.filter({ hasText: 'Bitcoin Local' }).waitFor();
    await evmTab.filter({ hasText: 'Cairn Devnet' }).waitFor();
    expect(await bitcoinTab.getAttribute('aria-pressed')).toBe('true');
    await evmTab.click();
    await siteAddressIs(page, EVM_ADDRESS);
    await bitcoinTab.click();
    await siteAddressIs(page, SENDER.payment);

    // The balance, read from the regtest chain through its Esplora API.
    const before = (await esplora().getBalance(SENDER.payment)).total;
    expect(before).toBeGreaterThan(0n);
    const shown = dialog(page).getByTestId('account-balance');
    await expect.poll(() => shown.textContent(), { timeout: 10_000 }).toBe(formatBalance(formatUnits(before, 8), 'BTC'));

    // The site asks the wallet to sign (cairn.request); the server-safe verifier accepts it.
    const message = 'Trailhead wants you to prove you hold this address';
    const signed = await page.evaluate(
      (text) => (window as unknown as { cairn: { request(args: unknown): Promise<{ address: string; signature: string }> } }).cairn.request({ method: 'signMessage', params: { message: text } }),
      message,
    );
    expect(signed.address).toBe(SENDER.payment);
    expect(verifyBip322({ message, address: signed.address, signature: signed.signature, network: 'regtest' })).toBe(true);
    expect(verifyBip322({ message: `${message}.`, address: signed.address, signature: signed.signature, network: 'regtest' })).toBe(false);
    expect((await demo.bitcoinWallet().getState()).signedMessages).toEqual([message]);

    // Send 0.5 BTC to a taproot address through the Send view; the wallet signs the PSBT.
    const receiverBefore = await esplora().getBalance(RECEIVER);
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByRole('heading', { name: 'Send', exact: true }).waitFor();
    await dialog(page).getByTestId('send-fee').filter({ hasText: /BTC$/ }).waitFor();
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.5');
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.5 BTC' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).waitFor();

    // In the mempool first, then mined: the receiver's coins confirm and the Account view follows.
    await expect.poll(async () => (await esplora().getBalance(RECEIVER)).unconfirmed, { timeout: 10_000 }).toBe(50_000_000n);
    const [sent] = await esplora().getTransactions(SENDER.payment);
    expect(sent!.status.confirmed).toBe(false);
    await mineBitcoinBlocks(inject('bitcoinUrl'));
    expect(await esplora().getBalance(RECEIVER)).toEqual({ confirmed: receiverBefore.confirmed + 50_000_000n, unconfirmed: 0n, total: receiverBefore.total + 50_000_000n });
    const after = before - 50_000_000n - sent!.fee;
    expect(await esplora().getBalance(SENDER.payment)).toEqual({ confirmed: after, unconfirmed: 0n, total: after });
    await dialog(page).locator('[data-testid="send-outcome"][data-status="confirmed"]').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(() => shown.textContent(), { timeout: 20_000 }).toBe(formatBalance(formatUnits(after, 8), 'BTC'));

    // Disconnect Bitcoin: EVM stays connected and is shown.
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await siteAddressIs(page, EVM_ADDRESS);
    expect(await siteText(page, 'site-status')).toBe('connected');
    expect(await siteText(page, 'site-chain')).toBe('eip155:31337');
    await dialog(page).getByTestId('account-namespace-bip122').waitFor({ state: 'detached' });
    expect(await demo.bitcoinWallet().getState()).toMatchObject({ authorized: false });
    expect(await demo.wallet().getState()).toMatchObject({ authorized: true });
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('keeps EVM connected when a WBIP004 wallet declines, then connects it on the retry', async () => {
    // Injected through btc_providers only (no Wallet Standard registration): the WBIP004 path.
    const account = BITCOIN_TEST_ACCOUNTS[2]!;
    const demo = await openDemo(browser, { query: 'bitcoin=1', bitcoinWallets: [{ secretKey: account.secretKey, walletStandard: false }], context: { locale: 'en-US' } });
    const { page } = demo;
    await connectWallet(page);
    await demo.bitcoinWallet().rejectNext();
    await openAccount(page);
    await dialog(page).getByTestId('account-connect-another').click();
    await dialog(page).getByRole('button', { name: 'Cairn Bitcoin Wallet' }).click();
    await dialog(page).getByText(ErrorText.connectionRejected).waitFor();
    await waitForSiteStatus(page, 'connected');
    expect(await siteText(page, 'site-address')).toBe(EVM_ADDRESS);

    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await siteAddressIs(page, account.payment);
    expect(await siteText(page, 'site-chain')).toBe(REGTEST_CHAIN);
    const balance = (await esplora().getBalance(account.payment)).total;
    await openAccount(page);
    await expect.poll(() => dialog(page).getByTestId('account-balance').textContent(), { timeout: 10_000 }).toBe(formatBalance(formatUnits(balance, 8), 'BTC'));
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it("the demo's dev panel turns Bitcoin on with the injected test wallet, for a visitor without an extension", async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    const toggle = page.getByRole('checkbox', { name: 'Bitcoin beside EVM (the local regtest chain and a WBIP004 / Wallet Standard test wallet)' });
    await toggle.check();
    await page.waitForLoadState('load');
    await toggle.and(page.locator(':checked')).waitFor();
    await connectWallet(page, 'Cairn Bitcoin Wallet');
    expect(await siteText(page, 'site-address')).toBe(BITCOIN_TEST_ACCOUNTS[0]!.payment);
    expect(await siteText(page, 'site-chain')).toBe(REGTEST_CHAIN);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('signs a Bitcoin account in with BIP-322: the server verifies it and holds a bip122 session', async () => {
    const account = BITCOIN_TEST_ACCOUNTS[4]!;
    const demo = await openDemo(browser, { query: 'bitcoin=1&siwx=optional', wallets: [], bitcoinWallets: [{ secretKey: account.secretKey }], context: { locale: 'en-US' } });
    const { page } = demo;
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page).getByRole('button', { name: 'Cairn Bitcoin Wallet' }).click();
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'), null, { timeout: 20_000, ...STATE_POLLING });
    expect(await siteText(page, 'site-address')).toBe(account.payment);
    // The server's own view of the page's session (its cookie): the payment address on regtest.
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'cairn_session');
    const me = await fetch(`${inject('serverUrl')}/auth/v1/me?projectId=cairn-local&st=e2e&sv=1`, { headers: { cookie: `cairn_session=${cookie!.value}` } });
    expect(((await me.json()) as { session: unknown }).session).toMatchObject({ address: account.payment, caipNetworkId: REGTEST_CHAIN });
    // A reload keeps the session without a new signature.
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    await page.waitForFunction(() => document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'), null, STATE_POLLING);
    expect(await dialog(page).count()).toBe(0);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
