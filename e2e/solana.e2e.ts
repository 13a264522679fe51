import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ErrorText } from '@cairn/core';
import { formatBalance, formatUnits } from '@cairn/core/internal';
import { SOLANA_TEST_ACCOUNTS, SOLANA_TEST_TOKEN, TEST_ACCOUNTS, solanaBalance, solanaTokenAccountBalance } from '@cairn/devnet';
import { associatedTokenAddress } from '@cairn/solana/transaction';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, connectWallet, dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

// Solana beside EVM (issue 15): the injected Wallet Standard wallet on the stack's local Solana
// chain (Surfpool), a real SOL transfer, and one namespace disconnected while the other stays.
const SOLANA_SENDER = SOLANA_TEST_ACCOUNTS[2]!; // no other e2e file spends from it
const SOLANA_RECEIVER = SOLANA_TEST_ACCOUNTS[3]!.address;
const EVM_ADDRESS = TEST_ACCOUNTS[0]!.address;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const solanaUrl = () => inject('solanaUrl');
const accountButton = (page: Page) => page.getByRole('button', { name: /^Account / });

async function openAccount(page: Page) {
  await accountButton(page).click();
  await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
}

describe('Solana beside EVM', () => {
  it('connects EVM then Solana, shows both, sends SOL, and disconnects Solana while EVM stays', async () => {
    const demo = await openDemo(browser, {
      query: 'solana=1',
      solanaWallets: [{ secretKey: SOLANA_SENDER.secretKey }],
      context: { locale: 'en-US' },
    });
    const { page } = demo;

    // EVM first, as a visitor would.
    await connectWallet(page);
    expect(await siteText(page, 'site-address')).toBe(EVM_ADDRESS);

    // Then Solana, from the Account view; the Wallet Standard wallet is listed beside the EVM one.
    await openAccount(page);
    await dialog(page).getByTestId('account-connect-another').click();
    await dialog(page).getByRole('button', { name: 'Cairn Solana Wallet' }).click();
    await page.waitForFunction((address) => document.querySelector('[data-testid="site-address"]')?.textContent === address, SOLANA_SENDER.address, STATE_POLLING);
    expect(await siteText(page, 'site-chain')).toBe('solana:localnet');
    expect(await siteText(page, 'site-status')).toBe('connected');

    // Both accounts are shown; the switcher moves between them.
    await openAccount(page);
    const solanaTab = dialog(page).getByTestId('account-namespace-solana');
    const evmTab = dialog(page).getByTestId('account-namespace-eip155');
    await solanaTab.filter({ hasText: 'Solana Local' }).waitFor();
    await evmTab.filter({ hasText: 'Cairn Devnet' }).waitFor();
    expect(await solanaTab.getAttribute('aria-pressed')).toBe('true');
    // The switcher and the Account view of two namespaces meet WCAG AA like the rest of the modal.
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await evmTab.click();
    await page.waitForFunction((address) => document.querySelector('[data-testid="site-address"]')?.textContent === address, EVM_ADDRESS, STATE_POLLING);
    await dialog(page).getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor();
    await solanaTab.click();
    await page.waitForFunction((address) => document.querySelector('[data-testid="site-address"]')?.textContent === address, SOLANA_SENDER.address, STATE_POLLING);

    // The SOL balance, read through the server from the local chain.
    const before = await solanaBalance(solanaUrl(), SOLANA_SENDER.address);
    const receiverBefore = await solanaBalance(solanaUrl(), SOLANA_RECEIVER);
    const shown = dialog(page).getByTestId('account-balance');
    await shown.filter({ hasText: 'SOL' }).waitFor();
    const shownBefore = await shown.textContent();

    // Send 1.5 SOL through the Send view and the wallet's signAndSendTransaction.
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByRole('heading', { name: 'Send', exact: true }).waitFor();
    await dialog(page).getByTestId('send-fee').filter({ hasText: 'SOL' }).waitFor();
    expect(await dialog(page).getByTestId('send-fee').textContent()).toBe('0.000005 SOL');
    await dialog(page).getByLabel('Amount', { exact: true }).fill('1.5');
    await dialog(page).getByLabel('To', { exact: true }).fill(SOLANA_RECEIVER);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '1.5 SOL' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    // The toast says it started; a fast chain may have confirmed it (Send's outcome) before the toast is looked for.
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).or(dialog(page).getByText('Transaction confirmed')).first().waitFor();

    // The chain moved by the exact amount (the sender also paid the 5000-lamport fee) ...
    await expect.poll(() => solanaBalance(solanaUrl(), SOLANA_RECEIVER), { timeout: 15_000 }).toBe(receiverBefore + 1_500_000_000n);
    expect(await solanaBalance(solanaUrl(), SOLANA_SENDER.address)).toBe(before - 1_500_000_000n - 5000n);
    // ... and the Account view shows the new balance once the transaction is confirmed.
    await dialog(page).locator('[data-testid="send-outcome"][data-status="confirmed"]').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(() => shown.textContent(), { timeout: 20_000 }).not.toBe(shownBefore);
    expect(await shown.textContent()).toBe(formatBalance(formatUnits(before - 1_500_005_000n, 9), 'SOL'));

    // Disconnect Solana: EVM stays connected and is shown.
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await page.waitForFunction((address) => document.querySelector('[data-testid="site-address"]')?.textContent === address, EVM_ADDRESS, STATE_POLLING);
    expect(await siteText(page, 'site-status')).toBe('connected');
    expect(await siteText(page, 'site-chain')).toBe('eip155:31337');
    await dialog(page).getByTestId('account-namespace-solana').waitFor({ state: 'detached' });
    expect(await demo.solanaWallet().getState()).toMatchObject({ authorized: false });
    expect(await demo.wallet().getState()).toMatchObject({ authorized: true });
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('keeps EVM connected when the Solana wallet declines, and offers the retry', async () => {
    const demo = await openDemo(browser, { query: 'solana=1', solanaWallets: [{ secretKey: SOLANA_TEST_ACCOUNTS[4]!.secretKey }] });
    const { page } = demo;
    await connectWallet(page);
    await demo.solanaWallet().rejectNext();
    await openAccount(page);
    await dialog(page).getByTestId('account-connect-another').click();
    await dialog(page).getByRole('button', { name: 'Cairn Solana Wallet' }).click();
    await dialog(page).getByText(ErrorText.connectionRejected).waitFor();
    await waitForSiteStatus(page, 'connected');
    expect(await siteText(page, 'site-address')).toBe(EVM_ADDRESS);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('sends an SPL token to a new address, and restores the Solana connection after a reload', async () => {
    const sender = SOLANA_TEST_ACCOUNTS[4]!; // the declining test above never sends from it
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const demo = await openDemo(browser, { query: 'solana=1', wallets: [], solanaWallets: [{ secretKey: sender.secretKey }], context: { locale: 'en-US' } });
    const { page } = demo;
    await connectWallet(page, 'Cairn Solana Wallet');
    expect(await siteText(page, 'site-address')).toBe(sender.address);

    // A reload reconnects silently: the wallet still trusts the site.
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    expect(await siteText(page, 'site-address')).toBe(sender.address);

    // The server lists the CSOL the devnet minted; Send offers it.
    await openAccount(page);
    await dialog(page).getByTestId('token-CSOL').waitFor();
    await dialog(page).getByTestId('wallet-feature-send').click();
    const tokens = dialog(page).getByLabel('Token', { exact: true });
    await tokens.locator('option', { hasText: 'CSOL' }).waitFor({ state: 'attached' });
    const csol = (await tokens.locator('option').allTextContents()).find((label) => label.startsWith('CSOL'))!;
    await tokens.selectOption({ label: csol });
    await dialog(page).getByLabel('Amount', { exact: true }).fill('2.5');
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver);
    // The receiver has no token account yet: the fee line includes its rent.
    await dialog(page).getByTestId('send-fee').filter({ hasText: /^0\.00\d+ SOL$/ }).waitFor();
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '2.5 CSOL' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    // The toast says it started; a fast chain may have confirmed it (Send's outcome) before the toast is looked for.
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).or(dialog(page).getByText('Transaction confirmed')).first().waitFor();
    const account = associatedTokenAddress(receiver, SOLANA_TEST_TOKEN.mint);
    await expect.poll(() => solanaTokenAccountBalance(inject('solanaUrl'), account), { timeout: 15_000 }).toBe(2_500_000n);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it("the demo's dev panel turns Solana on with a Wallet Standard test wallet, for a visitor without an extension", async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    const toggle = page.getByRole('checkbox', { name: 'Solana beside EVM (the local chain and a Wallet Standard test wallet)' });
    await toggle.check();
    await page.waitForLoadState('load');
    await toggle.and(page.locator(':checked')).waitFor();
    await connectWallet(page, 'Cairn Solana Wallet');
    expect(await siteText(page, 'site-address')).toBe(SOLANA_TEST_ACCOUNTS[0]!.address);
    expect(await siteText(page, 'site-chain')).toBe('solana:localnet');
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
