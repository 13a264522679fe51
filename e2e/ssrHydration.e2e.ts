import { createServer as createHttpServer, type Server } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { connectButton } from './support/demo.ts';

// A server-rendered page: Node renders <CairnProvider> and <ConnectButton> (no window, no
// localStorage), Chromium hydrates it. Cairn's packages resolve as a site gets them (dist/).
const fixture = join(import.meta.dirname, 'fixtures/ssr');
type AppModule = typeof import('./fixtures/ssr/App.tsx');

let vite: ViteDevServer;
let server: Server;
let url: string;
let browser: Browser;
let serverHtml = '';

beforeAll(async () => {
  const rpcUrl = inject('chains').find((chain) => chain.chainId === 31337)!.url;
  vite = await createViteServer({
    root: fixture,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    cacheDir: mkdtempSync(join(tmpdir(), 'cairn-ssr-vite-')),
    // Bundled before the page loads, so that no late discovery reloads it mid-test.
    optimizeDeps: { include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'viem', '@cairn/core', '@cairn/evm', '@cairn/react'] },
  });
  server = createHttpServer((request, response) => {
    if (request.url !== '/') {
      vite.middlewares(request, response);
      return;
    }
    void (async () => {
      const { App, createPageCairn } = (await vite.ssrLoadModule('/App.tsx')) as AppModule;
      serverHtml = renderToString(createElement(App, { cairn: createPageCairn(rpcUrl) }));
      const page = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root">${serverHtml}</div>
<script>window.__SSR__ = ${JSON.stringify({ rpcUrl })}</script><script type="module" src="/client.tsx"></script></body></html>`;
      response.setHeader('content-type', 'text/html');
      response.end(await vite.transformIndexHtml('/', page));
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await vite?.close();
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
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true);
    await connectButton(page).waitFor();
    await page.getByTestId('status').getByText('disconnected').waitFor();

    expect(serverHtml).toContain('<cairn-button-slot style="display:contents"></cairn-button-slot>');
    expect(await page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors)).toEqual([]);
    expect(console.filter((text) => /hydrat|did not match|server rendered/i.test(text))).toEqual([]);
    // Vite's dev client, with its websocket off in this harness, reports that; the page's own code raised nothing.
    expect(errors.filter((message) => message !== 'WebSocket closed without opened.')).toEqual([]);
    await context.close();
  });
});
