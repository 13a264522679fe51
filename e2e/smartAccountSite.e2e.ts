import { verifyMessage, type Address, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorText } from '@cairn/core';
import { accountDisplayName } from '@cairn/core/rules';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { frameContent, frameScreenSettled } from './support/demoFrame.ts';
import { signUpByEmail } from './support/demoMailbox.ts';
import { dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';
import { siteRequest as siteRequestOn } from './support/siteRequest.ts';

// The frame key's smart account as a site meets it through the widget (issue 26): a site whose
// sign-in backend checks signatures by key recovery only (an EOA's), and the site's
// features.smartSessions switch, off and on, in front of the frame's permissions. One e-mail login
// serves every test: the second page load restores the same wallet.
let browser: Browser;
let demo: Awaited<ReturnType<typeof openDemo>>;
let page: Page;
let smartAddress: Address;

const siteRequest = (method: string, params: unknown[]) => siteRequestOn(page, method, params);

const grant = () => ({
  chainId: '0x7a69',
  address: smartAddress,
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  permissions: [{ type: 'native-token-transfer', data: { to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', valueLimit: '0x1' }, policies: [{ type: 'gas-limit', data: { limit: '0x2386f26fc10000' } }, { type: 'token-allowance', data: { allowance: '0x1' } }] }],
});

beforeAll(async () => {
  browser = await launchChromium();
  demo = await openDemo(browser, { wallets: [], query: 'siwx=optional', context: { locale: 'en-US' } });
  page = demo.page;
  // The site's sign-in backend, here one that knows only EOA signatures: it recovers the signer's
  // key from the signature (viem's verifyMessage utility, no ERC-1271 or ERC-6492 call) and refuses
  // any other; what it accepts goes on to the stack's server.
  await page.route('**/auth/v1/authenticate*', async (route) => {
    const { message, signature } = route.request().postDataJSON() as { message: string; signature: Hex };
    const { address } = parseSiweMessage(message);
    const recovered = address !== undefined && (await verifyMessage({ address, message, signature }).catch(() => false));
    if (recovered) return route.continue();
    return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Signature does not match the address' }) });
  });
  smartAddress = (await signUpByEmail(page, `smart-site-${process.pid}-${Date.now()}@example.com`)) as Address;
}, 180_000);

afterAll(async () => {
  await demo?.close();
  await browser?.close();
});

describe('the smart account on a site', () => {
  it("says 'This application might not support Smart Accounts' when the site's backend refuses the smart account's sign-in, before its deployment", async () => {
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await frameContent(page).getByRole('dialog').filter({ hasText: 'Sign a message' }).waitFor();
    await frameContent(page).getByRole('button', { name: 'Approve' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: ErrorText.smartAccountsUnsupported }).waitFor({ timeout: 15_000 });
    expect(await dialog(page).getByRole('alert').textContent()).toBe('This application might not support Smart Accounts');
    // Still the sign view, to try again (or go on without signing in: it is optional here).
    await dialog(page).getByRole('button', { name: 'Try again' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  }, 60_000);

  it("with features.smartSessions off, refuses the site's wallet_grantPermissions with SPEC's texts before the frame asks, and shows no permissions capability", async () => {
    const refused = await siteRequest('wallet_grantPermissions', [grant()]);
    expect(refused).toEqual({ error: ErrorText.rpcCallNotAllowed });
    // The visitor's word, on the modal's toast when it next shows.
    expect(await page.evaluate(() => (window as unknown as { cairn: { stores: { toast: { get(): { message?: string } } } } }).cairn.stores.toast.get().message)).toBe(ErrorText.actionNotAllowed);
    expect(await frameContent(page).getByRole('dialog').count()).toBe(0);
    const capabilities = (await siteRequest('wallet_getCapabilities', [smartAddress, ['0x7a69']])) as { ok: Record<string, Record<string, unknown>> };
    expect(capabilities.ok['0x7a69']).toEqual({ atomic: { status: 'supported' }, paymasterService: { supported: true } });
  }, 30_000);

  // Sign-in is on (optional) and neither account has a session: after each switch the sign view
  // asks for the account now acting (SPEC §4, as on any account change), and Cancel just closes.
  it('switches from the smart account to the EOA and back from Account, the site seeing each address and the sign view asking for it', async () => {
    const switchTo = async (label: string, leaving: string) => {
      await page.getByRole('button', { name: /^Account / }).click();
      await dialog(page).getByTestId('account-switch-type').filter({ hasText: label }).click();
      await page.waitForFunction((left) => document.querySelector('[data-testid="site-address"]')?.textContent !== left, leaving, { timeout: 15_000, ...STATE_POLLING });
      const now = (await siteText(page, 'site-address'))!;
      await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor({ timeout: 10_000 });
      await dialog(page).getByText(`prove you own ${accountDisplayName({ address: now })}.`).waitFor();
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      return now;
    };
    const eoa = await switchTo('Switch to your EOA', smartAddress);
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await switchTo('Switch to your smart account', eoa)).toBe(smartAddress);
  }, 40_000);

  // After the reload the widget's modal code loads before it shows the Approve view, so the frame's
  // screen appears centred and then moves onto the view; Chromium ignores a click on a cross-origin
  // frame that has just moved (see frameScreenSettled), and Reject, unlike Approve, takes one at once.
  it('with features.smartSessions on, the grant reaches the frame’s screen, and wallet_getCapabilities advertises the permissions the account takes', async () => {
    await page.goto(`${demo.url.split('?')[0]}?sessions=1`);
    await waitForSiteStatus(page, 'connected', 30_000);
    expect(await siteText(page, 'site-address')).toBe(smartAddress);
    const capabilities = (await siteRequest('wallet_getCapabilities', [smartAddress, ['0x7a69']])) as { ok: Record<string, Record<string, unknown>> };
    expect(capabilities.ok['0x7a69']?.permissions).toEqual({ supported: true, signerTypes: ['account', 'key'], keyTypes: ['secp256k1'], permissionTypes: ['contract-call', 'native-token-transfer', 'erc20-token-transfer'], policyTypes: ['gas-limit', 'token-allowance'] });

    const granting = siteRequest('wallet_grantPermissions', [grant()]);
    // The widget's Approve view hosts the frame's screen; a click on it counts once the frame stands still there.
    await dialog(page).getByRole('heading', { name: 'Approve' }).waitFor({ timeout: 10_000 });
    await frameContent(page).getByRole('dialog').filter({ hasText: 'Grant a session key' }).waitFor({ timeout: 10_000 });
    await frameScreenSettled(page);
    // The grant is a user operation of the account: its fee, estimated before the screen, is on it (the stack's paymaster pays).
    expect(await frameContent(page).getByRole('dialog').innerText()).toMatch(/Most the network may charge[\s\S]*paid by the network's paymaster/);
    // And its key's own operations' gas budget, 0.01 ETH, which the site may spend where it sends them unsponsored.
    expect(await frameContent(page).getByRole('dialog').innerText()).toContain("Up to 0.01 ETH of your balance, in all, for operations the network's paymaster does not sponsor");
    await frameContent(page).getByRole('button', { name: 'Reject' }).click({ timeout: 10_000 });
    expect(await granting).toEqual({ error: 'User rejected the request.' });
  }, 60_000);

});
