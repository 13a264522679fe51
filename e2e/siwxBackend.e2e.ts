import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { verifyMessage, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { dialog, walletChains } from './support/demo.ts';
import { pageErrorsBesidesVite, serveViteFixture, type ViteFixture } from './support/viteFixture.ts';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';

// Sign-in verified by the site's own backend (siwx.backend), here a small API of the test's own
// with a cookie session: Cairn's flow, the site's rules and message.
let site: ViteFixture;
let backend: Server;
let backendUrl: string;
let browser: Browser;
const nonces = new Set<string>();
const sessions = new Map<string, { address: string; chainId: number }>();
const verified: string[] = [];
let signOuts = 0;

function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body ? (JSON.parse(body) as Record<string, string>) : {}));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  response.setHeader('access-control-allow-origin', request.headers.origin ?? '');
  response.setHeader('access-control-allow-credentials', 'true');
  response.setHeader('access-control-allow-headers', 'content-type');
  const json = (body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const sid = /(?:^|; )sid=([a-f0-9]+)/.exec(request.headers.cookie ?? '')?.[1];
  const path = new URL(request.url!, 'http://x').pathname;
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  if (path === '/nonce') {
    const nonce = randomBytes(12).toString('hex');
    nonces.add(nonce);
    return json({ nonce });
  }
  if (path === '/verify') {
    const { message, signature, address } = await readBody(request);
    const nonce = /\nNonce: (\w+)\n/.exec(message ?? '')?.[1];
    const ok = nonce !== undefined && nonces.delete(nonce) && (await verifyMessage({ address: address as Address, message: message!, signature: signature as Hex }));
    if (!ok) return json({ ok: false });
    verified.push(message!);
    const id = randomBytes(16).toString('hex');
    sessions.set(id, { address: address!, chainId: 31337 });
    return json({ ok: true }, { 'set-cookie': `sid=${id}; HttpOnly; SameSite=Lax; Path=/` });
  }
  if (path === '/session') return json({ session: (sid && sessions.get(sid)) || null });
  if (path === '/signout') {
    if (sid) sessions.delete(sid);
    signOuts += 1;
    return json({ ok: true }, { 'set-cookie': 'sid=; Max-Age=0; Path=/' });
  }
  response.writeHead(404).end();
}

// The fixture's Vite resolves Cairn's packages into dist/, which npm test's build lane (re)writes
// beside this suite: wait for that build, in a hook of its own (as strangerProject does).
beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);

beforeAll(async () => {
  backend = createServer((request, response) => void handle(request, response));
  backend.listen(0, '127.0.0.1');
  await once(backend, 'listening');
  backendUrl = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
  site = await serveViteFixture('siwxBackend', { prebundle: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'viem', '@cairn/core', '@cairn/evm', '@cairn/react'] });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  backend?.close();
});

describe("sign-in on the site's own backend", () => {
  it('signs the backend\'s message, keeps its session over a reload without a new signature, and signs out on disconnect', async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const address = TEST_ACCOUNTS[0]!.address;
    await injectTestWallets(page, [{ chains: walletChains() }]);
    await page.addInitScript({ content: `window.__PAGE__ = ${JSON.stringify({ rpcUrl: walletChains()[31337], backendUrl })}` });
    await page.goto(site.url);

    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('session').filter({ hasText: `signed in as ${address}` }).waitFor();
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatch(new RegExp(`^Trail notes wants you to sign in as ${address} on chain 31337\\.\\nNonce: \\w+\\n`));

    await page.reload();
    await page.getByTestId('session').filter({ hasText: `signed in as ${address}` }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(verified).toHaveLength(1);

    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('session').filter({ hasText: 'idle' }).waitFor();
    await expect.poll(() => signOuts).toBe(1);
    expect(sessions.size).toBe(0);
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });
});
