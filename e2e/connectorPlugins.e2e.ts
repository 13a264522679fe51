import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createPublicClient, getAddress, http, parseEther, type Address } from 'viem';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, walletChains } from './support/demo.ts';

// The opt-in connectors of @cairn/connectors, passed in by the demo (`safe=1`, `coinbase=1`).

let browser: Browser;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(() => browser?.close());

/** The Safe the host page holds (no contract needs to be there: the host answers for it). */
const SAFE_ADDRESS = getAddress('0x5afe00000000000000000000000000000000cafe');

/**
 * A Safe{Wallet} of the test's own: a page that frames the demo as a Safe app and answers the Safe
 * apps postMessage protocol (getSafeInfo, rpcCall against the devnet, sendTransactions recorded).
 */
const SAFE_HOST = (appUrl: string) => `<!doctype html><title>Safe host</title>
<iframe id="app" src="${appUrl}" style="width:1000px;height:800px"></iframe>
<script>
  window.safeTransactions = [];
  const answer = (source, origin, id, data) => source.postMessage({ id, success: true, version: '9.1.0', data }, origin);
  window.addEventListener('message', async (event) => {
    const { id, method, params } = event.data ?? {};
    if (typeof id !== 'string' || typeof method !== 'string') return;
    if (method === 'getSafeInfo') {
      return answer(event.source, event.origin, id, { safeAddress: '${SAFE_ADDRESS}', chainId: 31337, threshold: 1, owners: ['${TEST_ACCOUNTS[0]!.address}'], isReadOnly: false, network: 'LOCALHOST' });
    }
    if (method === 'rpcCall') return answer(event.source, event.origin, id, await window.devnetRpc(params.call, params.params));
    if (method === 'sendTransactions') {
      window.safeTransactions.push(params.txs);
      return answer(event.source, event.origin, id, { safeTxHash: '0x' + String(window.safeTransactions.length).padStart(64, '0') });
    }
    event.source.postMessage({ id, success: false, version: '9.1.0', error: 'Not handled by the test host: ' + method }, event.origin);
  });
</script>`;

describe('opt-in connectors', () => {
  it('Safe: the demo opened as a Safe app connects to the Safe without a prompt, and its transaction reaches Safe{Wallet}', async () => {
    const { context, foreignRequests } = await isolatedContext(browser);
    cleanups.push(() => context.close());
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const chain = createPublicClient({ transport: http(walletChains()[31337]) });
    await page.exposeFunction('devnetRpc', (method: string, params: unknown[]) => chain.request({ method: method as 'eth_chainId', params: params as never }));
    await page.setContent(SAFE_HOST(`${inject('demoUrl')}?safe=1`));
    const app = page.frameLocator('#app');

    // No click: the Safe's address is the site's account.
    await app.getByTestId('site-status').filter({ hasText: /^connected$/ }).waitFor({ timeout: 20_000 });
    expect(await app.getByTestId('site-address').textContent()).toBe(SAFE_ADDRESS);
    expect(await app.getByTestId('site-chain').textContent()).toBe('eip155:31337');

    // The site's own transaction goes to Safe{Wallet} as a Safe transaction to sign.
    await app.getByRole('button', { name: 'Tip 0.001 ETH' }).click();
    await app.getByTestId('tip-result').filter({ hasText: 'Sent: 0x' }).waitFor({ timeout: 15_000 });
    const sent = (await page.evaluate(() => (window as unknown as { safeTransactions: { to: Address; value: string }[][] }).safeTransactions)).flat();
    expect(sent).toHaveLength(1);
    expect(BigInt(sent[0]!.value)).toBe(parseEther('0.001'));
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Coinbase Wallet: listed under its own row, its SDK fetched at the click, its provider asked for accounts (the popup to Coinbase is as far as a test without the internet goes)', async () => {
    const demo = await openDemo(browser, { wallets: [], query: 'coinbase=1' });
    cleanups.push(() => demo.close());
    const scripts: string[] = [];
    demo.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await connectButton(demo.page).click();
    const row = dialog(demo.page).getByRole('button', { name: 'Coinbase Wallet' });
    await row.waitFor();
    const beforeClick = scripts.length;
    const popup = demo.context.waitForEvent('page', { timeout: 15_000 });
    await row.click();
    // The SDK asks its wallet for accounts by opening Coinbase's popup: the test's network stops it there.
    await popup;
    await expect.poll(() => demo.foreignRequests.some((url) => url.startsWith('https://keys.coinbase.com/')), { timeout: 15_000 }).toBe(true);
    expect(scripts.length).toBeGreaterThan(beforeClick);
  });
});
