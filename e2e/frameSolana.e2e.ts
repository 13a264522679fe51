import { ErrorText } from '@cairn/core';
import { jsonRpcRequest } from '@cairn/core/internal';
import { SOLANA_DEPLOYER, SOLANA_TEST_TOKEN, sendSolanaTransaction, solanaBalance, solanaRpc, solanaTokenAccountBalance } from '@cairn/devnet';
import { associatedTokenAddress, createAssociatedTokenAccount, mintTo, TOKEN_ACCOUNT_SIZE, transferSol } from '@cairn/solana/transaction';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { publicKeyToAddress } from 'viem/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { frameContent } from './support/demoFrame.ts';
import { enterMailedCode } from './support/demoMailbox.ts';
import { noteToasts } from './support/toastsSeen.ts';
import { dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

// Solana in the secure frame (issue 27): one e-mail login holds an EVM and a Solana account of the
// same key; SOL sent from the modal's Send view is approved on the frame's own screen (the transfer
// decoded) and lands on the stack's local Solana chain (Surfpool) to the lamport; an SPL token
// likewise, the frame's screen reading the token transfer and the receiver's new token account.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const solanaUrl = () => inject('solanaUrl');
const siteAddressIs = (page: Page, pattern: RegExp) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-testid="site-address"]')?.textContent ?? ''), pattern.source, { timeout: 30_000, ...STATE_POLLING });

/** A fresh e-mail login on the Solana-enabled demo, on its Solana tab: the page and the account's base58 address. */
async function solanaLogin(name: string) {
  const demo = await openDemo(browser, { query: 'solana=1', wallets: [], context: { locale: 'en-US' } });
  const { page } = demo;
  await enterMailedCode(page, `${name}-${process.pid}-${Date.now()}@example.com`);
  await frameContent(page).getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
  await waitForSiteStatus(page, 'connected', 30_000);
  expect(await siteText(page, 'site-address')).toMatch(/^0x[0-9a-fA-F]{40}$/);

  // Both namespaces are the e-mail wallet's: the Solana tab shows its base58 address.
  await page.getByRole('button', { name: /^Account / }).click();
  const solanaTab = dialog(page).getByTestId('account-namespace-solana');
  await solanaTab.waitFor({ timeout: 20_000 });
  await solanaTab.click();
  await siteAddressIs(page, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(await siteText(page, 'site-chain')).toBe('solana:localnet');
  return { demo, page, address: (await siteText(page, 'site-address'))! };
}

/**
 * The widget read the new account's balances (none) at login: SPEC §9's 30 s balance cache holds
 * them (in the page and on the server); each visit to the Solana tab after that reads them again,
 * until `shown` (an element of Account's Solana tab) appears.
 */
async function revisitSolanaTab(page: Page, shown: ReturnType<Page['getByTestId']>, text: RegExp) {
  const tabs = ['eip155', 'solana'].map((namespace) => dialog(page).getByTestId(`account-namespace-${namespace}`));
  await expect
    .poll(
      async () => {
        for (const tab of tabs) await tab.click();
        return (await shown.count()) > 0 ? ((await shown.textContent()) ?? '') : '';
      },
      { timeout: 60_000, interval: 2000 },
    )
    .toMatch(text);
}

/** Send's form filled and reviewed, then the frame's screen open: the modal shows the frame to approve in. */
async function sendThroughFrame(page: Page, amount: string, receiver: string, preview: string) {
  await dialog(page).getByLabel('Amount', { exact: true }).fill(amount);
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver);
  await dialog(page).getByTestId('send-review').click();
  await dialog(page).getByTestId('send-preview-amount').filter({ hasText: preview }).waitFor();
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
  await dialog(page).getByRole('heading', { name: 'Approve' }).waitFor({ timeout: 20_000 });
}

describe('the e-mail wallet on Solana', () => {
  it('holds one EVM and one Solana address, and sends SOL on the local chain, approved in the frame', async () => {
    const { demo, page, address } = await solanaLogin('solana');
    // SPEC §3 library-level accounts, read through the public API: each of the key's own accounts with its public key and
    // derivation path (the EVM one's key gives its address); a smart account acting on EVM has neither.
    const [evm, solana] = await page.evaluate(() => {
      const { cairn } = window as unknown as { cairn: { stores: { account(namespace: string): { get(): { accounts: unknown } } } } };
      return ['eip155', 'solana'].map((namespace) => cairn.stores.account(namespace).get().accounts);
    }) as [{ namespace: string; address: string; type: string; publicKey?: `0x${string}`; path?: string }[], unknown];
    expect(solana).toEqual([{ namespace: 'solana', address, type: 'eoa', publicKey: address, path: "m/44'/501'/0'/0'" }]);
    expect(evm).toHaveLength(1);
    expect(evm[0]).toEqual(
      evm[0]!.type === 'eoa'
        ? { namespace: 'eip155', address: publicKeyToAddress(evm[0]!.publicKey!), type: 'eoa', publicKey: expect.stringMatching(/^0x04[0-9a-f]{128}$/), path: "m/44'/60'/0'/0/0" }
        : { namespace: 'eip155', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), type: 'smartAccount' },
    );

    // Funds for the new account (test set-up), then 0.25 SOL to a fresh address through Send.
    await jsonRpcRequest(solanaUrl(), 'requestAirdrop', [address, 1_000_000_000]);
    await expect.poll(() => solanaBalance(solanaUrl(), address), { timeout: 15_000 }).toBe(1_000_000_000n);
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    await revisitSolanaTab(page, dialog(page).getByTestId('account-balance'), /^1(\.0+)? SOL$/);
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByTestId('send-fee').filter({ hasText: 'SOL' }).waitFor();
    await sendThroughFrame(page, '0.25', receiver, '0.25 SOL');

    // The frame's own screen: the transfer decoded, from this account to the receiver.
    await frameContent(page).getByText(`Transfer 0.25 SOL from ${address} to ${receiver}`).waitFor();
    const toasts = await noteToasts(page);
    await frameContent(page).getByRole('button', { name: 'Approve' }).click();
    // The toast said it started, then that it was confirmed; noted as they showed, since the local chain
    // confirms within a slot and each toast is gone before a locator looks on a busy machine.
    await expect.poll(toasts, { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^Transaction confirmed/));
    const seen = await toasts();
    expect(seen.indexOf(ErrorText.transactionStarted)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(ErrorText.transactionStarted)).toBeLessThan(seen.findIndex((text) => text.startsWith('Transaction confirmed')));
    await expect.poll(() => solanaBalance(solanaUrl(), receiver), { timeout: 20_000 }).toBe(250_000_000n);
    expect(await solanaBalance(solanaUrl(), address)).toBe(1_000_000_000n - 250_000_000n - 5000n);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 150_000);

  it("sends an SPL token from the modal's Send, the frame's screen reading the token transfer; the chain holds the exact amounts", async () => {
    const { demo, page, address } = await solanaLogin('spl');
    const { mint, symbol, decimals } = SOLANA_TEST_TOKEN;
    const minted = 10n * 10n ** BigInt(decimals);
    const lamports = 1_000_000_000n;
    const source = associatedTokenAddress(address, mint);

    // Set-up: the token's mint authority pays the new account 1 SOL and mints it 10 CSOL, in one transaction.
    await sendSolanaTransaction(
      solanaUrl(),
      [
        transferSol(SOLANA_DEPLOYER.address, address, lamports),
        createAssociatedTokenAccount({ payer: SOLANA_DEPLOYER.address, account: source, owner: address, mint }),
        mintTo(mint, source, SOLANA_DEPLOYER.address, minted),
      ],
      [SOLANA_DEPLOYER],
    );
    await revisitSolanaTab(page, dialog(page).getByTestId(`token-${symbol}`), /10/);
    await dialog(page).getByTestId('wallet-feature-send').click();
    const tokens = dialog(page).getByLabel('Token', { exact: true });
    await tokens.locator('option', { hasText: symbol }).waitFor({ state: 'attached' });
    const option = (await tokens.locator('option').allTextContents()).find((label) => label.startsWith(symbol))!;
    await tokens.selectOption({ label: option });
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const destination = associatedTokenAddress(receiver, mint);
    await sendThroughFrame(page, '2.5', receiver, `2.5 ${symbol}`);

    // The frame's own screen: the receiver's token account made (paid by this account), then the token transfer.
    await frameContent(page).getByText(`Create the token account ${destination} of ${receiver} for the token ${mint}, paid by ${address}`).waitFor();
    await frameContent(page).getByText(`Transfer 2.5 of the token ${mint} from the token account ${source} of ${address} to the token account ${destination}`).waitFor();
    await frameContent(page).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => solanaTokenAccountBalance(solanaUrl(), destination), { timeout: 20_000 }).toBe(2_500_000n);
    expect(await solanaTokenAccountBalance(solanaUrl(), source)).toBe(minted - 2_500_000n);
    // The sender paid the fee (one signature) and the rent of the receiver's token account.
    const rent = BigInt(await solanaRpc<number>(solanaUrl(), 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE]));
    expect(await solanaBalance(solanaUrl(), address)).toBe(lamports - 5000n - rent);
    expect(await solanaBalance(solanaUrl(), destination)).toBe(rent);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 150_000);
});
