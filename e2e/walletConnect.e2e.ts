import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { devices, type Browser, type Page } from 'playwright-core';
import { createPublicClient, http, recoverMessageAddress, type Hex } from 'viem';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { launchChromium, STATE_POLLING } from './support/browser.ts';
import { scanQr as scanQrCode } from './support/scanQr.ts';
import { connectButton, dialog, openDemo, searchWallets, siteText, waitForSiteStatus, walletChains } from './support/demo.ts';
import { createWalletConnectWallet, type WalletConnectWallet } from './support/walletConnectWallet.ts';

// The widget pairs over WalletConnect with a real wallet SDK (@reown/walletkit in this process)
// through the local stack's relay; signatures and transactions are real, on the devnet.

let browser: Browser;
const wallets: WalletConnectWallet[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()));
});
afterAll(() => browser?.close());

// Account 0's balances are what other e2e files check, so these wallets hold account 2.
async function newWallet(options: { account?: (typeof TEST_ACCOUNTS)[number]; chains?: Readonly<Record<number, string>> } = {}) {
  const wallet = await createWalletConnectWallet({ relayUrl: inject('relayUrl'), chains: walletChains(), account: TEST_ACCOUNTS[2]!, ...options });
  wallets.push(wallet);
  return wallet;
}

const qr = (page: Page) => dialog(page).getByTestId('walletconnect-qr');

/** Waits (bounded) for a QR code other than `previous` and returns the URI it carries. */
async function waitForUri(page: Page, previous?: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = qr(page);
    const uri = (await code.count()) > 0 ? await code.getAttribute('data-uri') : null;
    if (uri && uri !== previous) return uri;
    if (Date.now() > deadline) throw new Error(`no new WalletConnect QR code within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(100);
  }
}

/** Reads the QR code as a camera would: the rendered pixels, decoded. */
const scanQr = (page: Page) => scanQrCode(page, qr(page));

async function openWalletConnect(page: Page) {
  await connectButton(page).click();
  await dialog(page).getByRole('button', { name: 'WalletConnect' }).click();
  return waitForUri(page);
}

describe('WalletConnect with a real wallet SDK', () => {
  it('pairs by QR code, signs in with personal_sign, sends a devnet transaction, survives a reload and follows the wallet', async () => {
    const demo = await openDemo(browser, { wallets: [], query: 'siwx=optional' });
    const { page } = demo;
    const wallet = await newWallet();

    const uri = await openWalletConnect(page);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    // The QR code in the page decodes to the same URI, the wallet's logo notwithstanding.
    expect(await scanQr(page)).toBe(uri);

    await wallet.pair(uri);
    const proposal = await wallet.nextProposal();
    expect(proposal.params.proposer.metadata.name).toBe('Trailhead');
    expect(Object.values(proposal.params.optionalNamespaces).flatMap((ns) => ns.chains ?? [])).toEqual(
      expect.arrayContaining(['eip155:31337', 'eip155:31338']),
    );
    await wallet.approve(proposal);
    await waitForSiteStatus(page, 'connected', 20_000);
    expect(await siteText(page, 'site-address')).toBe(wallet.address);
    expect(await siteText(page, 'site-chain')).toBe('eip155:31337');

    // Sign-in (EIP-4361) goes to the wallet as personal_sign; the server verifies it.
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    const signRequest = await wallet.nextRequest();
    expect(signRequest.params.request.method).toBe('personal_sign');
    const [messageHex] = signRequest.params.request.params as [Hex, string];
    const signature = (await wallet.respond(signRequest)) as Hex;
    expect(await recoverMessageAddress({ message: { raw: messageHex }, signature })).toBe(wallet.address);
    await page.waitForFunction(() => document.querySelector('[data-testid="site-session"]')?.textContent?.startsWith('yes'), null, {
      timeout: 15_000,
    });

    // The site's own transaction through cairn.request reaches the wallet, which sends it for real.
    await page.getByRole('button', { name: 'Tip 0.001 ETH' }).click();
    const txRequest = await wallet.nextRequest();
    expect(txRequest.params.request.method).toBe('eth_sendTransaction');
    expect(txRequest.params.chainId).toBe('eip155:31337');
    const hash = (await wallet.respond(txRequest)) as Hex;
    await page.getByTestId('tip-result').filter({ hasText: `Sent: ${hash}` }).waitFor();
    const chain = createPublicClient({ transport: http(walletChains()[31337]) });
    const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 15_000 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase());

    // A reload restores the session from the browser's storage: no new QR code, no new proposal.
    await page.reload();
    await waitForSiteStatus(page, 'connected', 20_000);
    expect(await siteText(page, 'site-address')).toBe(wallet.address);
    expect(wallet.sessions()).toHaveLength(1);

    // The wallet moves to the second devnet chain, then to another account: the site follows.
    await wallet.emitChainChanged(31338);
    await page.waitForFunction(() => document.querySelector('[data-testid="site-chain"]')?.textContent === 'eip155:31338', null, {
      timeout: 15_000,
    });
    const other = TEST_ACCOUNTS[1]!;
    await wallet.emitAccountsChanged(other);
    await page.waitForFunction(
      (address) => document.querySelector('[data-testid="site-address"]')?.textContent === address,
      other.address,
      { timeout: 15_000 },
    );

    // The wallet ends the session: the widget disconnects.
    await wallet.disconnect();
    await waitForSiteStatus(page, 'disconnected', 15_000);
    await connectButton(page).waitFor();

    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
    await demo.close();
    // Pairing, sign-in, a devnet send, a reload, two wallet events and a disconnect, each bounded
    // above: together more than the suite's 60 s under load (the last CI passed it on its retry in
    // 56.7 s; here at load 20-30 both tries ran out of the 60 s at the sign-in, a third of the way).
  }, 150_000);

  it('follows the session when the wallet adds a network later: Networks offers it then (SPEC §3)', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    // A wallet on the first devnet chain alone: its session approves only that one.
    const wallet = await newWallet({ chains: { 31337: walletChains()[31337]! } });
    await wallet.pair(await openWalletConnect(page));
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 20_000);

    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-network').click();
    const second = dialog(page).getByTestId('network-eip155:31338');
    await second.getByText('Not approved by your wallet').waitFor();
    expect(await second.getAttribute('aria-disabled')).toBe('true');

    // The wallet adds the second chain to the session (wc_sessionUpdate), as a wallet does when its user enables it.
    const [session] = wallet.sessions();
    const eip155 = session!.namespaces.eip155!;
    await wallet.kit.updateSession({
      topic: session!.topic,
      namespaces: { eip155: { ...eip155, chains: ['eip155:31337', 'eip155:31338'], accounts: [...eip155.accounts, `eip155:31338:${wallet.address}`] } },
    });
    await second.getByText('Not approved by your wallet').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await second.getAttribute('aria-disabled')).toBeNull();

    // Now the visitor can switch to it.
    wallet.setAutoRespond('approve');
    await second.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="site-chain"]')?.textContent === 'eip155:31338', null, { timeout: 15_000, ...STATE_POLLING });
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('shows the decline with a retry that pairs on a fresh URI', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    const wallet = await newWallet();
    const first = await openWalletConnect(page);
    await wallet.pair(first);
    await wallet.reject(await wallet.nextProposal());
    await dialog(page).getByRole('alert').filter({ hasText: 'Connection declined' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    const second = await waitForUri(page, first);
    expect(second).not.toBe(first);
    await wallet.pair(second);
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 20_000);
    expect(await siteText(page, 'site-address')).toBe(wallet.address);
    // Disconnecting from the site ends the session in the wallet too.
    await connectButton(page).or(page.getByRole('button', { name: /^Account/ })).first().click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitForSiteStatus(page, 'disconnected');
    await wallet.nextSessionDelete();
    expect(wallet.sessions()).toHaveLength(0);
    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('replaces an expired QR code with a fresh one', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    // The page's clock starts 5 minutes behind and jumps 5:05 ahead, ending 5 s past the server's:
    // the relay refuses a token issued more than 60 s in its future, and a reconnect after a jump
    // from the real time signed one 5 minutes ahead (ci31: 'HTTP Authentication failed', no new code).
    await page.clock.install({ time: Date.now() - 5 * 60_000 });
    await page.reload();
    const first = await openWalletConnect(page);
    // A proposal lives 5 minutes; the page's clock jumps past it.
    await page.clock.fastForward('05:05');
    const second = await waitForUri(page, first);
    expect(second).not.toBe(first);
    const wallet = await newWallet();
    await wallet.pair(second);
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 20_000);
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  });

  it('basic mode opens on the QR code alone and keeps a chain the site did not list (no UnsupportedChain)', async () => {
    const demo = await openDemo(browser, { wallets: [], query: 'wc=basic&networks=31337' });
    const { page } = demo;
    await connectButton(page).click();
    const uri = await waitForUri(page);
    expect(await dialog(page).getByRole('list', { name: 'Wallets' }).count()).toBe(0);
    const wallet = await newWallet();
    await wallet.pair(uri);
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 20_000);
    await wallet.emitChainChanged(31338);
    await page.waitForFunction(() => document.querySelector('[data-testid="site-chain"]')?.textContent === 'eip155:31338', null, {
      timeout: 15_000,
    });
    expect(await dialog(page).getByRole('heading', { name: 'Switch Network' }).count()).toBe(0);
    expect(demo.foreignRequests).toEqual([]);
    await demo.close();
  });

  it('keeps the link to copy when the QR encoder cannot be fetched', async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    await page.route(/\/assets\/qrPath-[^/]*\.js$/, (route) => route.abort());
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'WalletConnect' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'Could not draw the QR code' }).waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await qr(page).count()).toBe(0);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it("pairs by hand with the demo's web wallet: copy the link, paste it in /wallet.html, approve, tip", async () => {
    const demo = await openDemo(browser, { wallets: [] });
    const { page } = demo;
    await demo.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(demo.url).origin });
    const uri = await openWalletConnect(page);
    await dialog(page).getByRole('button', { name: 'Copy link' }).click();
    await dialog(page).getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(uri);

    const walletPage = await demo.context.newPage();
    await walletPage.goto(`${inject('demoUrl')}wallet.html`);
    await walletPage.getByLabel('Account', { exact: true }).selectOption({ index: 2 });
    await walletPage.getByLabel('WalletConnect URI').fill(copied);
    await walletPage.getByRole('button', { name: 'Pair' }).click();
    const proposal = walletPage.getByRole('article', { name: 'Trailhead wants to connect' });
    await proposal.getByRole('button', { name: 'Approve' }).click();
    await waitForSiteStatus(page, 'connected', 45_000);
    expect(await siteText(page, 'site-address')).toBe(TEST_ACCOUNTS[2]!.address);

    // The click waits for the modal ("Connected. Finishing…") to close: in ci4 of session 17 (load
    // ~30) it was still open after the click's 30 s, and the retry passed. A bound, not a speed claim.
    await page.getByRole('button', { name: 'Tip 0.001 ETH' }).click({ timeout: 45_000 });
    const transfer = walletPage.getByRole('article', { name: 'Send a transaction · Trailhead' });
    await transfer.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('tip-result').filter({ hasText: /^Sent: 0x[0-9a-f]{64}$/ }).waitFor({ timeout: 20_000 });
    expect(demo.foreignRequests).toEqual([]);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 120_000);
});

describe('WalletConnect on a phone', () => {
  const phone = { ...devices['Pixel 7']!, isMobile: true };

  it("opens the picked wallet's deep link with the URI encoded, keeping the QR code as a fallback", async () => {
    const demo = await openDemo(browser, { wallets: [], context: phone });
    const { page, context } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click();
    await searchWallets(page, 'metamask');
    const opened = context.waitForEvent('page', { timeout: 20_000 });
    await dialog(page).getByTestId('catalogue-wallet-io.metamask').click();

    // MetaMask's universal link opens in a new tab (the app would take it); the site stays. This
    // machine reaches no such host, so the tab's request is recorded and refused.
    await opened;
    await expect.poll(() => demo.foreignRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const link = new URL(demo.foreignRequests[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('https://metamask.app.link/wc');
    const uri = link.searchParams.get('uri')!;
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await dialog(page).getByRole('heading', { name: 'MetaMask' }).waitFor();
    await dialog(page).getByText('Continue in MetaMask').waitFor();
    const continueLink = dialog(page).getByTestId('walletconnect-deeplink');
    expect(await continueLink.getAttribute('href')).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`);

    // The QR code is there for a wallet on another device, and carries the same URI.
    await dialog(page).getByRole('button', { name: 'Show the QR code instead' }).click();
    expect(await waitForUri(page)).toBe(uri);

    // The wallet app pairs with that URI: the site, waiting on the phone, connects.
    const wallet = await newWallet();
    await wallet.pair(uri);
    await wallet.approve(await wallet.nextProposal());
    await waitForSiteStatus(page, 'connected', 20_000);
    expect(demo.foreignRequests.every((url) => url.startsWith('https://metamask.app.link/wc?uri='))).toBe(true);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });

  it('builds a native-scheme deep link from the wallet\'s own template', async () => {
    const demo = await openDemo(browser, { wallets: [], context: phone });
    const { page } = demo;
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click();
    await searchWallets(page, 'rainbow');
    await dialog(page).getByTestId('catalogue-wallet-me.rainbow').click();
    const continueLink = dialog(page).getByTestId('walletconnect-deeplink');
    await continueLink.waitFor();
    const href = (await continueLink.getAttribute('href'))!;
    expect(href).toMatch(/^rainbow:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F.*&connector=rainbowkit$/);
    // Handing a custom scheme to the OS leaves the site where it was.
    expect(await siteText(page, 'site-status')).toBe('disconnected');
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
