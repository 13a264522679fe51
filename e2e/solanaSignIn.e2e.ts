import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SOLANA_TEST_ACCOUNTS, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium } from './support/browser.ts';
import { connectWallet, dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';

// Sign-in beyond EVM (issue 15): an EVM account signs in (EIP-4361), then a Solana account in the
// same visit signs in with Sign In With Solana through the wallet's solana:signIn, and the server
// of the stack holds the Solana session; a reload confirms it without a new signature.
const SOLANA_ACCOUNT = SOLANA_TEST_ACCOUNTS[1]!; // sign-in spends nothing
const EVM_ADDRESS = TEST_ACCOUNTS[0]!.address;
const access = 'projectId=cairn-local&st=e2e&sv=1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const signView = (page: Page) => dialog(page).getByRole('heading', { name: 'Sign In' });
const signedInAs = (page: Page, address: string) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="site-address"]')?.textContent === expected &&
      document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'),
    address,
  );

/** The session the stack's server holds for the page's cookie, asked as the server's own client would. */
async function serverSession(page: Page) {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'cairn_session');
  if (!cookie) return undefined;
  const response = await fetch(`${inject('serverUrl')}/auth/v1/me?${access}`, { headers: { cookie: `cairn_session=${cookie.value}` } });
  return response.ok ? ((await response.json()) as { session: { address: string; chainId: number | string; caipNetworkId: string } }).session : undefined;
}

describe('sign in with a Solana account beside EVM (CAIP-122)', () => {
  it('signs EVM in, then Solana through solana:signIn; the server holds the Solana session; a reload asks for nothing', async () => {
    const demo = await openDemo(browser, { query: 'solana=1&siwx=optional', solanaWallets: [{ secretKey: SOLANA_ACCOUNT.secretKey }], context: { locale: 'en-US' } });
    const { page } = demo;

    await connectWallet(page);
    await signView(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await signedInAs(page, EVM_ADDRESS);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await serverSession(page)).toMatchObject({ address: EVM_ADDRESS, chainId: 31337, caipNetworkId: 'eip155:31337' });

    // Connect Solana beside it: its account is asked to sign in as the EVM one was.
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-connect-another').click();
    await dialog(page).getByRole('button', { name: 'Cairn Solana Wallet' }).click();
    await signView(page).waitFor();
    expect(await siteText(page, 'site-address')).toBe(SOLANA_ACCOUNT.address);
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await signedInAs(page, SOLANA_ACCOUNT.address);
    await dialog(page).waitFor({ state: 'detached' });
    // The wallet's own sign-in wrote and signed the message; the server verified it (ed25519).
    expect(await demo.solanaWallet().getState()).toMatchObject({ signIns: 1 });
    expect(await serverSession(page)).toMatchObject({ address: SOLANA_ACCOUNT.address, chainId: 'localnet', caipNetworkId: 'solana:localnet' });

    // A reload: the Solana account comes back signed in, confirmed with the server, without a prompt.
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    await signedInAs(page, SOLANA_ACCOUNT.address);
    expect(await dialog(page).count()).toBe(0);
    // The reloaded page's wallet counts from 0: nothing was signed since.
    expect(await demo.solanaWallet().getState()).toMatchObject({ signIns: 0 });
    expect(await serverSession(page)).toMatchObject({ address: SOLANA_ACCOUNT.address, caipNetworkId: 'solana:localnet' });
    expect(demo.errors).toEqual([]);
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  });

  it("a wallet without solana:signIn signs the SIWS text as a message; a refusal shows 'Signature declined', the retry signs in", async () => {
    const demo = await openDemo(browser, {
      query: 'solana=1&siwx=optional',
      wallets: [],
      solanaWallets: [{ secretKey: SOLANA_TEST_ACCOUNTS[0]!.secretKey, signIn: false }],
      context: { locale: 'en-US' },
    });
    const { page } = demo;
    await connectWallet(page, 'Cairn Solana Wallet');
    await signView(page).waitFor();
    await demo.solanaWallet().rejectNext();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await signedInAs(page, SOLANA_TEST_ACCOUNTS[0]!.address);
    expect(await serverSession(page)).toMatchObject({ address: SOLANA_TEST_ACCOUNTS[0]!.address, caipNetworkId: 'solana:localnet' });
    expect(await demo.solanaWallet().getState()).toMatchObject({ signIns: 0 });
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
