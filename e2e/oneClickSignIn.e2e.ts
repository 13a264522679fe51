import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, dialog, openDemo, pageEvents, siteText, waitForSiteStatus, walletChains } from './support/demo.ts';
import { createAuthenticatingWallet } from './support/authenticatingWallet.ts';
import { createWalletConnectWallet } from './support/walletConnectWallet.ts';

// SPEC §4: with sign-in on and only eip155 chains, WalletConnect connects and signs in with one
// approval (wc_sessionAuthenticate); a wallet that cannot authenticate connects, then signs.

let browser: Browser;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(() => browser?.close());

async function pairingUri(page: Page): Promise<string> {
  await connectButton(page).click();
  await dialog(page).getByRole('button', { name: 'WalletConnect' }).click();
  const qr = dialog(page).getByTestId('walletconnect-qr');
  await qr.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
    throw new Error(`no QR code; the dialog says: ${await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(none)')}`, { cause: error });
  });
  return (await qr.getAttribute('data-uri'))!;
}

/** The server's own word: the session the page's cookie stands for. */
const serverSession = (page: Page) =>
  page.evaluate(async (server) => {
    const response = await fetch(`${server}/auth/v1/me?projectId=cairn-local&st=e2e&sv=1`, { credentials: 'include' });
    return response.ok ? ((await response.json()) as { session: { address: string; chainId: number | string } }).session : undefined;
  }, inject('serverUrl'));

const signedIn = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'), null, { timeout: 30_000, ...STATE_POLLING });

/** The demo with sign-in required, and a wallet the test closes. */
async function setUp<T extends { close(): Promise<void> }>(makeWallet: () => Promise<T>) {
  const demo = await openDemo(browser, { wallets: [], query: 'siwx=required' });
  const wallet = await makeWallet();
  closers.push(() => wallet.close(), () => demo.close());
  return { demo, page: demo.page, wallet };
}

// Two approvals' worth of relay round trips between two pages (or the test's wallet client): the
// web wallet's test took 37 s on its passing retry in ci4 of session 17 (load ~30), after its first
// try ran out of a 20 s wait for 'connected'. Bounds for a slow machine, not a speed claim.
describe('WalletConnect one-click sign-in', () => {
  it('connects and signs in with one approval from a wallet that authenticates', async () => {
    const { demo, page, wallet } = await setUp(() =>
      createAuthenticatingWallet({ relayUrl: inject('relayUrl'), chains: walletChains(), account: TEST_ACCOUNTS[2]! }),
    );

    await wallet.pair(await pairingUri(page));
    const request = await wallet.nextAuthRequest();
    // The network the connection lands on comes first: the wallet signs in on it.
    expect(request.params.authPayload.chains[0]).toBe('eip155:31337');
    const message = await wallet.approve(request);
    expect(message).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Ethereum account:\n0x/);
    expect(message).toContain('Sign in to Trailhead to keep your trail log.');

    // The same bound as its two siblings: 20 s ran out once at load (ci30), the approval already given.
    await waitForSiteStatus(page, 'connected', 45_000);
    await signedIn(page);
    expect(await siteText(page, 'site-address')).toBe(wallet.address);
    // No sign view: the modal closed on the one approval, and the server holds the session.
    await dialog(page).waitFor({ state: 'detached' });
    expect(await serverSession(page)).toMatchObject({ address: wallet.address });
    expect(await pageEvents(page)).toEqual(expect.arrayContaining(['CONNECT_SUCCESS', 'SIWX_AUTH_SUCCESS']));
    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
  });

  // Failed in ci31 (skipped in session 25) when the demo's Connecting view remounted while the
  // click's attempt waited for its sign-in nonce: two proposals at once, each hearing the other's
  // URI, the QR showing the one whose answer the page could no longer read. Mended in session 26
  // (createWalletConnectClient: proposals take turns until each has its URI; an overtaken attempt
  // proposes nothing). After sendOutcome and activity: failed 3 runs in 5 before the mend, 0 in 4 after.
  it("connects and signs in with one approval from the demo's web wallet", async () => {
    const { demo, page, wallet: context } = await setUp(async () => (await isolatedContext(browser)).context);
    const walletPage = await context.newPage();
    const walletErrors = collectPageErrors(walletPage);
    await walletPage.goto(`${inject('demoUrl')}wallet.html`);
    const holder = await walletPage.getByTestId('wallet-address').textContent();

    await walletPage.getByLabel('WalletConnect URI').fill(await pairingUri(page));
    await walletPage.getByRole('button', { name: 'Pair' }).click();
    const card = walletPage.getByRole('article', { name: 'Trailhead wants you to sign in' });
    await card.getByText('Sign in to Trailhead to keep your trail log.').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();

    await waitForSiteStatus(page, 'connected', 45_000);
    await signedIn(page);
    expect(await siteText(page, 'site-address')).toBe(holder);
    expect(await serverSession(page)).toMatchObject({ address: holder });
    await walletPage.getByText('Trailhead').first().waitFor(); // the session it approved is listed
    expect(walletErrors).toEqual([]);
    expect(demo.errors).toEqual([]);
  }, 90_000);

  it('connects, then asks for the signature, with a wallet that cannot authenticate', async () => {
    const { demo, page, wallet } = await setUp(() =>
      createWalletConnectWallet({ relayUrl: inject('relayUrl'), chains: walletChains(), account: TEST_ACCOUNTS[2]! }),
    );

    await wallet.pair(await pairingUri(page));
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 45_000);
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    const signRequest = await wallet.nextRequest();
    expect(signRequest.params.request.method).toBe('personal_sign');
    await wallet.respond(signRequest);
    await signedIn(page);
    expect(await serverSession(page)).toMatchObject({ address: wallet.address });
    expect(demo.errors).toEqual([]);
  }, 90_000);
});
