import { ErrorText } from '@cairn/core';
import { jsonRpcRequest } from '@cairn/core/internal';
import { solanaBalance } from '@cairn/devnet';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { frameContent } from './support/demoFrame.ts';
import { enterMailedCode } from './support/demoMailbox.ts';
import { dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

// Solana in the secure frame (issue 27): one e-mail login holds an EVM and a Solana account of the
// same key; SOL sent from the modal's Send view is approved on the frame's own screen (the transfer
// decoded) and lands on the stack's local Solana chain (Surfpool) to the lamport.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const siteAddressIs = (page: Page, pattern: RegExp) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-testid="site-address"]')?.textContent ?? ''), pattern.source, { timeout: 30_000 });

describe('the e-mail wallet on Solana', () => {
  it('holds one EVM and one Solana address, and sends SOL on the local chain, approved in the frame', async () => {
    const demo = await openDemo(browser, { query: 'solana=1', wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    const solanaUrl = () => inject('solanaUrl');
    await enterMailedCode(page, `solana-${process.pid}-${Date.now()}@example.com`);
    await frameContent(page).getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
    await waitForSiteStatus(page, 'connected', 30_000);
    expect(await siteText(page, 'site-address')).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // Both namespaces are the e-mail wallet's: the Solana tab shows its base58 address.
    await page.getByRole('button', { name: /^Account / }).click();
    const solanaTab = dialog(page).getByTestId('account-namespace-solana');
    await solanaTab.waitFor({ timeout: 20_000 });
    await solanaTab.click();
    await siteAddressIs(page, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const address = (await siteText(page, 'site-address'))!;
    expect(await siteText(page, 'site-chain')).toBe('solana:localnet');

    // Funds for the new account (test set-up), then 0.25 SOL to a fresh address through Send.
    await jsonRpcRequest(solanaUrl(), 'requestAirdrop', [address, 1_000_000_000]);
    await expect.poll(() => solanaBalance(solanaUrl(), address), { timeout: 15_000 }).toBe(1_000_000_000n);
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    // The widget read the new account's balance (0) at login: SPEC §9's 30 s balance cache holds it
    // (in the page and on the server); each visit to the Solana tab after that reads the airdrop.
    const evmTab = dialog(page).getByTestId('account-namespace-eip155');
    const shown = dialog(page).getByTestId('account-balance');
    await expect
      .poll(
        async () => {
          await evmTab.click();
          await solanaTab.click();
          return (await shown.textContent()) ?? '';
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toMatch(/^1(\.0+)? SOL$/);
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByTestId('send-fee').filter({ hasText: 'SOL' }).waitFor();
    await dialog(page).getByLabel('Amount', { exact: true }).fill('0.25');
    await dialog(page).getByLabel('To', { exact: true }).fill(receiver);
    await dialog(page).getByTestId('send-review').click();
    await dialog(page).getByTestId('send-preview-amount').filter({ hasText: '0.25 SOL' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Send' }).click();

    // The frame's own screen: the transfer decoded, from this account to the receiver.
    await dialog(page).getByRole('heading', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    await frameContent(page).getByText(`Transfer 0.25 SOL from ${address} to ${receiver}`).waitFor();
    await frameContent(page).getByRole('button', { name: 'Approve' }).click();
    await dialog(page).getByTestId('toast').filter({ hasText: ErrorText.transactionStarted }).waitFor({ timeout: 20_000 });
    await expect.poll(() => solanaBalance(solanaUrl(), receiver), { timeout: 20_000 }).toBe(250_000_000n);
    expect(await solanaBalance(solanaUrl(), address)).toBe(1_000_000_000n - 250_000_000n - 5000n);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 150_000);
});
