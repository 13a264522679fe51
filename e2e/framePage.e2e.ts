import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFrameServer, type FrameServer } from '@cairn/frame/server';
import { startStaticServer, type StaticServer } from '../bench/lib/staticServer.ts';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';

// The frame page on its own origin, embedded by a site on another (issue 14): the handshake, the
// channel, read-only RPC through the frame's own RPC URL on the devnet, SPEC §6 refusals, CSP
// frame-ancestors, an opaque origin, and a third origin trying to talk to the frame.
let frameDir: string;
let siteDir: string;
let frame: FrameServer;
let site: StaticServer;
let otherSite: StaticServer;
let browser: Browser;

beforeAll(async () => {
  ({ framePage: frameDir, frameSite: siteDir } = inject('pages'));
  site = await startStaticServer(siteDir);
  otherSite = await startStaticServer(siteDir);
  const chain = inject('chains').find((c) => c.chainId === 31337)!;
  frame = await startFrameServer({
    dir: frameDir,
    config: { allowedOrigins: [new URL(site.url).origin], serverUrl: inject('serverUrl'), networks: [{ chainId: 31337, rpcUrl: chain.url }] },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([frame?.close(), site?.close(), otherSite?.close()]);
});

async function openSite(url: string): Promise<{ page: Page; errors: string[]; console: string[] }> {
  const { context } = await isolatedContext(browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  await page.goto(url);
  await page.waitForFunction(() => 'frameTest' in window);
  return { page, errors, console };
}

type Outcome = { ok?: unknown; error?: string };
const call = (page: Page, name: string, payload: unknown) =>
  page.evaluate(([n, p]) => (window as unknown as { frameTest: { request(n: string, p: unknown): Promise<Outcome> } }).frameTest.request(n, p), [name, payload] as const);

describe('the frame page in Chromium', () => {
  it('shakes hands with an allowed site and answers over the channel; reads go through its own RPC URL', async () => {
    const { page, errors } = await openSite(site.url);
    const started = Date.now();
    const connected = await page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), frame.url);
    expect(connected).toEqual({ ok: 'ready' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const frameElement = page.frames().find((f) => f.url().startsWith(frame.url))!;
    expect(await frameElement.evaluate(() => document.documentElement.dataset.frameState)).toBe(`connected: ${new URL(site.url).origin}`);

    expect(await call(page, 'GET_CHAIN_ID', {})).toEqual({ ok: { chainId: 31337 } });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_chainId' })).toEqual({ ok: { result: '0x7a69' } });
    const block = await call(page, 'RPC_REQUEST', { method: 'eth_blockNumber' });
    expect((block.ok as { result: string }).result).toMatch(/^0x[0-9a-f]+$/);
    expect(await call(page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: false } });
    expect(await call(page, 'SWITCH_NETWORK', { chainId: 1 })).toEqual({ error: 'Network not found' });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_sign', params: [] })).toEqual({ error: 'Requested RPC call is not allowed' });
    expect(await call(page, 'RPC_REQUEST', { method: 'wallet_addEthereumChain', params: [] })).toEqual({ error: 'Requested RPC call is not allowed' });
    expect(await call(page, 'CONNECT_EMAIL', { email: 'not an e-mail' })).toEqual({ error: 'E-mail payloads must be valid e-mails' });
    expect(errors).toEqual([]);
  });

  it('cannot be embedded by a site that is not allowed (CSP frame-ancestors)', async () => {
    const { page, console } = await openSite(otherSite.url);
    const outcome = await page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string, t: number): Promise<Outcome> } }).frameTest.connect(url, 3000), frame.url);
    expect(outcome).toEqual({ error: 'Unable to load email login dependency' });
    expect(console.some((text) => text.includes('frame-ancestors'))).toBe(true);
  });

  it('does not run with an opaque origin (a sandboxed iframe)', async () => {
    const { page } = await openSite(site.url);
    const outcome = await page.evaluate((url) => (window as unknown as { frameTest: { sandboxed(u: string): Promise<Outcome> } }).frameTest.sandboxed(url), frame.url);
    expect(outcome).toEqual({ error: 'Unable to load email login dependency' });
    const sandboxed = page.frames().find((f) => f.name() === 'sandboxed')!;
    const state = await sandboxed.evaluate(() => document.documentElement.dataset.frameState ?? 'did not run').catch(() => 'did not run');
    expect(['did not run', 'refused: opaque origin']).toContain(state);
  });

  it('ignores a third origin that offers the frame a channel, and still shakes hands with the site', async () => {
    const { page } = await openSite(site.url);
    const stranger = page.evaluate((url) => (window as unknown as { frameTest: { addStranger(u: string): Promise<{ heard: boolean; tries: number }> } }).frameTest.addStranger(url), `${otherSite.url}stranger.html`);
    await page.waitForFunction(() => document.querySelectorAll('iframe').length === 1);
    const connected = await page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), frame.url);
    const result = await stranger;
    expect(result.tries).toBeGreaterThan(10);
    expect(result.heard).toBe(false);
    expect(connected).toEqual({ ok: 'ready' });
    expect(await call(page, 'GET_CHAIN_ID', {})).toEqual({ ok: { chainId: 31337 } });
  });

  it("the local stack's frame (npm start) lets the demo embed it and connects only to the server and the devnet (its EVM chains, their bundlers and Solana cluster)", async () => {
    const response = await fetch(inject('frameUrl'));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${new URL(inject('demoUrl')).origin}`);
    const connect = csp.split('; ').find((directive) => directive.startsWith('connect-src '))!.split(' ').slice(1);
    const devnet = [...inject('chains').map((chain) => chain.url), ...inject('bundlers').map((bundler) => bundler.url), inject('solanaUrl')].map((url) => new URL(url).origin);
    expect(connect.sort()).toEqual([new URL(inject('serverUrl')).origin, ...devnet].sort());
  });
});
