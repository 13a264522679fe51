import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, isolatedContext, launchChromium, STATE_POLLING } from './support/browser.ts';
import { connectButton, dialog, walletChains } from './support/demo.ts';
import { injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { pageErrorsBesidesVite, serveViteFixture, warmUp, type ViteFixture } from './support/viteFixture.ts';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';

// A server-rendered page: Node renders <CairnProvider> and <ConnectButton> (no window, no
// localStorage), Chromium hydrates it. Cairn's packages resolve as a site gets them (dist/).
type AppModule = typeof import('./fixtures/ssr/App.tsx');

let site: ViteFixture;
let browser: Browser;
let serverHtml = '';

// The fixture's Vite resolves Cairn's packages into dist/, which npm test's build lane (re)writes
// beside this suite: wait for that build, in a hook of its own (as strangerProject does).
beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);

beforeAll(async () => {
  const rpcUrl = inject('chains').find((chain) => chain.chainId === 31337)!.url;
  site = await serveViteFixture('ssr', {
    appType: 'custom',
    prebundle: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'viem', '@cairn/core', '@cairn/evm', '@cairn/react'],
    handle(request, response, vite) {
      if (request.url !== '/') return false;
      void (async () => {
        const { App, createPageCairn } = (await vite.ssrLoadModule('/App.tsx')) as AppModule;
        const { cookieToInitialState } = (await vite.ssrLoadModule('@cairn/core')) as typeof import('@cairn/core');
        const initialState = cookieToInitialState(request.headers.cookie);
        serverHtml = renderToString(createElement(App, { cairn: createPageCairn(rpcUrl, initialState) }));
        const state = JSON.stringify({ rpcUrl, initialState }).replace(/</g, '\\u003c');
        const page = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root">${serverHtml}</div>
<script>window.__SSR__ = ${state}</script><script type="module" src="/client.tsx"></script></body></html>`;
        response.setHeader('content-type', 'text/html');
        response.end(await vite.transformIndexHtml('/', page));
      })().catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return true;
    },
  });
  browser = await launchChromium();
  const hydrated = (page: Page) => page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true, null, { ...STATE_POLLING, timeout: 180_000 });
  console.log(`ssrHydration: the dev server's first load (cold) took ${(await warmUp(site, browser, hydrated)).toFixed(1)} s`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('server rendering (Next.js-style SSR)', () => {
  it('renders on the server what the client renders first: hydration finds no mismatch', async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
    });
    await page.goto(site.url);
    await page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true, null, STATE_POLLING);
    await connectButton(page).waitFor();
    await page.getByTestId('status').getByText('disconnected').waitFor();

    expect(serverHtml).toContain('<cairn-button-slot style="display:contents"></cairn-button-slot>');
    expect(await page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors)).toEqual([]);
    expect(console.filter((text) => /hydrat|did not match|server rendered/i.test(text))).toEqual([]);
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });

  it("renders a returning visitor's account on the server from their cookies, and hydrates it without a mismatch", async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await injectTestWallets(page, [{ chains: walletChains() }]);
    await page.goto(site.url);
    await page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true, null, STATE_POLLING);
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();
    const address = TEST_ACCOUNTS[0]!.address;
    await page.getByTestId('status').filter({ hasText: `connected ${address}` }).waitFor();
    // What the server can read: the connection, in a first-party cookie, and no secret.
    const cookies = await context.cookies();
    const names = cookies.map((cookie) => decodeURIComponent(cookie.name));
    expect(names).toEqual(expect.arrayContaining(['@cairn/connectedWallet', '@cairn/connections']));
    expect(names.every((name) => ['@cairn/activeNetwork', '@cairn/connectedWallet', '@cairn/connections'].includes(name))).toBe(true);

    await page.reload();
    expect(serverHtml).toContain(`reconnecting ${address}`);
    await page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true, null, STATE_POLLING);
    await page.getByTestId('status').filter({ hasText: `connected ${address}` }).and(page.getByText(/^connected/)).waitFor();
    expect(await page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors)).toEqual([]);
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });
});
