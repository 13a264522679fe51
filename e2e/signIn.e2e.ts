import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSiweMessage } from '@cairn/core/siwx';
import { deployment, TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, dialog, openDemo, pageEvents, siteText, waitForSiteStatus } from './support/demo.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const signedIn = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'), null, STATE_POLLING);
const signView = (page: Page) => dialog(page).getByRole('heading', { name: 'Sign In' });

async function connectTo(page: Page) {
  await connectButton(page).click();
  await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
  await waitForSiteStatus(page, 'connected');
}

describe('sign in with the wallet (EIP-4361)', () => {
  it('required: opens the sign view on connect, cannot be closed, signs in, survives a reload, ends on disconnect', async () => {
    const demo = await openDemo(browser, { query: 'siwx=required' });
    const { page } = demo;
    await connectTo(page);
    await signView(page).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await signView(page).isVisible()).toBe(true);

    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await signedIn(page);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await pageEvents(page)).toContain('SIWX_AUTH_SUCCESS');

    // A reload with a valid session asks for no new signature.
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    await signedIn(page);
    expect(await dialog(page).count()).toBe(0);

    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    expect(await siteText(page, 'site-session')).toBe('no');
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  });

  it("shows 'Signature declined' when the wallet refuses (4001), and the retry signs in", async () => {
    const demo = await openDemo(browser, { query: 'siwx=optional' });
    const { page } = demo;
    await connectTo(page);
    await signView(page).waitFor();
    await demo.wallet().rejectNext();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' }).waitFor();
    expect(await pageEvents(page)).toContain('SIWX_AUTH_ERROR');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await signedIn(page);
    await demo.close();
  });

  it('cancel disconnects when sign-in is required', async () => {
    const demo = await openDemo(browser, { query: 'siwx=required' });
    await connectTo(demo.page);
    await signView(demo.page).waitFor();
    await dialog(demo.page).getByRole('button', { name: 'Cancel' }).click();
    await waitForSiteStatus(demo.page, 'disconnected');
    await demo.close();
  });

  it('cancel only closes when sign-in is optional', async () => {
    const demo = await openDemo(browser, { query: 'siwx=optional' });
    await connectTo(demo.page);
    await signView(demo.page).waitFor();
    await dialog(demo.page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(demo.page).waitFor({ state: 'detached' });
    expect(await siteText(demo.page, 'site-status')).toBe('connected');
    expect(await siteText(demo.page, 'site-session')).toBe('no');
    await demo.close();
  });

  it('signs in a smart account: the server checks the signature with ERC-1271 on the devnet', async () => {
    const { smartAccount } = deployment.contracts;
    const demo = await openDemo(browser, { query: 'siwx=required', wallets: [{ smartAccount }] });
    const { page } = demo;
    await connectTo(page);
    expect(await siteText(page, 'site-address')).toBe(smartAccount);
    // A failure with a smart account says the site may not support it (SPEC §8).
    await demo.wallet().rejectNext();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'This application might not support Smart Accounts' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await signedIn(page);
    await demo.close();
  });

  it('asks again after a switch of network, and after the session is revoked on the server', async () => {
    const demo = await openDemo(browser, { query: 'siwx=optional' });
    const { page } = demo;
    await connectTo(page);
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await signedIn(page);

    await demo.wallet().setChain(31338);
    await signView(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await signedIn(page);

    // Revoke every session of the address with a signature by it, then reload: sign-in is asked again.
    const server = inject('serverUrl');
    const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
    const access = 'projectId=cairn-local&st=e2e&sv=1';
    // Only the address's own session may list its sessions: sign in from here too, as a client on
    // another site would (asking for a bearer token).
    const demoHost = new URL(inject('demoUrl')).host;
    const { nonce } = await (await fetch(`${server}/auth/v1/nonce?${access}`)).json();
    const message = buildSiweMessage({
      domain: demoHost,
      address: account.address,
      uri: `http://${demoHost}`,
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: new Date().toISOString(),
    });
    const own = await fetch(`${server}/auth/v1/authenticate?${access}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }), token: true }),
    });
    const { token } = (await own.json()).session as { token: string };
    const listed = await (await fetch(`${server}/v1/sessions/${account.address}?${access}`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(listed.sessions.length).toBeGreaterThan(0);
    for (const session of listed.sessions as { id: string }[]) {
      const signature = await account.signMessage({ message: `Revoke Cairn session ${session.id}` });
      const response = await fetch(`${server}/v1/sessions/${account.address}/revoke?${access}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pci: session.id, signature }),
      });
      expect(response.status).toBe(204);
    }
    await page.reload();
    await waitForSiteStatus(page, 'connected');
    await signView(page).waitFor();
    await demo.close();
  });
});
