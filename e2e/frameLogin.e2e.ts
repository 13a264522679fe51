import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeFromMail, startMailSink, type MailSink } from '@cairn/devnet/mail';
import { startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import { buildFramePage, startFrameServer, type FrameServer } from '@cairn/frame/server';
import { createServer, loadConfig } from '@cairn/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Frame, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../bench/lib/staticServer.ts';
import { sourceResolve } from '../scripts/lib/sourceConditions.ts';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';

// Log-in by e-mail in the secure frame (issue 14), in Chromium: a site on one origin talks to the
// frame on another through @cairn/frame/client; the frame calls a Cairn server that mails the code
// over SMTP to a real mailbox; the wallet is made in the frame, its recovery code shown only there;
// a second browser profile recovers it with that code.
let frameDir: string;
let siteDir: string;
let mailbox: MailSink;
let oidc: LocalOidcProvider;
let server: FastifyInstance;
let frame: FrameServer;
let site: StaticServer;
let browser: Browser;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  frameDir = mkdtempSync(join(tmpdir(), 'cairn-frame-login-e2e-'));
  siteDir = mkdtempSync(join(tmpdir(), 'cairn-frame-login-site-e2e-'));
  await buildFramePage(frameDir);
  await build({ ...sourceResolve, root: join(import.meta.dirname, 'fixtures/frameSite'), configFile: false, envDir: false, logLevel: 'warn', build: { outDir: siteDir, emptyOutDir: true } });
  site = await startStaticServer(siteDir);
  mailbox = await startMailSink();
  const chain = inject('chains').find((c) => c.chainId === 31337)!;
  const [serverPort, framePort] = [await freePort(), await freePort()];
  const frameOrigin = `http://127.0.0.1:${framePort}`;
  oidc = await startLocalOidcProvider({ redirectUris: [`http://127.0.0.1:${serverPort}/auth/v1/social/callback`] });
  server = await createServer(
    loadConfig({
      SERVER_PORT: String(serverPort),
      DATABASE_URL: `sqlite:${join(frameDir, 'server.sqlite')}`,
      RPC_URL_31337: chain.url,
      INDEXER_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      SMTP_URL: mailbox.smtpUrl,
      // The frame, not the site, calls the server.
      CORS_ORIGINS: frameOrigin,
      SOCIAL_GOOGLE_CLIENT_ID: oidc.clientId,
      SOCIAL_GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      SOCIAL_GOOGLE_ISSUER: oidc.issuer,
    }),
  );
  await server.listen({ port: serverPort, host: '127.0.0.1' });
  frame = await startFrameServer({
    dir: frameDir,
    port: framePort,
    config: { allowedOrigins: [new URL(site.url).origin], serverUrl: `http://127.0.0.1:${serverPort}`, networks: [{ chainId: 31337, rpcUrl: chain.url }] },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([frame?.close(), site?.close(), server?.close(), mailbox?.close(), oidc?.close()]);
  for (const dir of [frameDir, siteDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

type Outcome = { ok?: unknown; error?: string };
const call = (page: Page, name: string, payload: unknown) =>
  page.evaluate(([n, p]) => (window as unknown as { frameTest: { request(n: string, p: unknown): Promise<Outcome> } }).frameTest.request(n, p), [name, payload] as const);

async function openSite() {
  const { context } = await isolatedContext(browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(site.url);
  await page.waitForFunction(() => 'frameTest' in window);
  expect(await page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), frame.url)).toEqual({ ok: 'ready' });
  expect(await call(page, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' })).toEqual({ ok: {} });
  const frameElement = page.frames().find((f) => f.url().startsWith(frame.url))!;
  return { page, errors, frameElement };
}

/** Asks for a code, reads it from the mailbox, and sends it; the frame then shows its recovery screen. The answer comes once the visitor has done so. */
async function logIn(page: Page, email: string): Promise<{ answer: Promise<Outcome> }> {
  const after = mailbox.messages().at(-1)?.id ?? 0;
  expect(await call(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: { action: 'VERIFY_OTP' } });
  const code = codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));
  return { answer: call(page, 'CONNECT_OTP', { otp: code }) };
}

/**
 * Waits for the frame's own screen: the frame tells the client (FRAME_PROMPT), which shows the
 * iframe over the page; the visitor then reads and clicks inside the frame, on its origin.
 */
async function promptOpen(page: Page, frameElement: Frame) {
  await frameElement.waitForFunction(() => document.documentElement.dataset.prompt === 'open', null, { timeout: 15_000 });
  await page.locator('iframe[title="Cairn secure frame"]').waitFor({ state: 'visible' });
  await page.waitForFunction(() => (document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).getBoundingClientRect().width > 100);
}

/** Once the frame's screen closes, the client hides the iframe again. */
const promptClosed = (page: Page) => page.waitForFunction(() => (document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).getBoundingClientRect().width === 0);

describe('log-in by e-mail in the secure frame', () => {
  it('makes the wallet in the frame with a recovery code only the frame shows, and a new browser recovers it with that code', async () => {
    const email = `frame-${process.pid}@example.com`;
    const phone = await openSite();
    const connecting = await logIn(phone.page, email);
    await promptOpen(phone.page, phone.frameElement);
    const recoveryCode = (await phone.frameElement.locator('[data-recovery-code]').textContent())!;
    expect(recoveryCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){7}$/);
    // The site's page cannot read the frame's document: the code never reaches it.
    expect(await phone.page.evaluate(() => document.body.innerText)).not.toContain(recoveryCode);
    await phone.frameElement.getByRole('button', { name: 'I have saved it' }).click();
    expect(await connecting.answer).toEqual({ ok: {} });
    await promptClosed(phone.page);
    const user = (await call(phone.page, 'GET_USER', {})).ok as { address: string; email: string; accounts: { type: string }[] };
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'eoa', accounts: [{ type: 'eoa' }] });
    expect(await call(phone.page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: true } });

    // A reload: the frame opens the same wallet from its own storage, asking nothing.
    await phone.page.reload();
    await phone.page.waitForFunction(() => 'frameTest' in window);
    expect(await phone.page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), frame.url)).toEqual({ ok: 'ready' });
    await call(phone.page, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' });
    expect(((await call(phone.page, 'GET_USER', {})).ok as { address: string }).address).toBe(user.address);

    // Another browser profile: log in again (after SPEC's 30 s for a new code), then the recovery code.
    await new Promise((resolve) => setTimeout(resolve, 30_500));
    const laptop = await openSite();
    const recovering = await logIn(laptop.page, email);
    await promptOpen(laptop.page, laptop.frameElement);
    await laptop.frameElement.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await laptop.frameElement.getByRole('button', { name: 'Open my wallet' }).click();
    expect(await recovering.answer).toEqual({ ok: {} });
    expect(((await call(laptop.page, 'GET_USER', {})).ok as { address: string }).address).toBe(user.address);

    expect(await call(laptop.page, 'SIGN_OUT', {})).toEqual({ ok: {} });
    expect(await call(laptop.page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: false } });
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
  }, 120_000);

  it('logs in with a social account: the site opens the provider in a popup, the frame makes the wallet', async () => {
    const { page, frameElement, errors } = await openSite();
    const redirect = await call(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' });
    const uri = (redirect.ok as { uri: string }).uri;
    expect(new URL(uri).origin).toBe(oidc.issuer);
    // The widget opens the popup on the visitor's click (a frame cannot); here the site does.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate((url) => void window.open(url, 'cairn-social', 'width=480,height=640'), uri)]);
    const connecting = { answer: call(page, 'CONNECT_SOCIAL', { provider: 'google' }) };
    await popup.getByLabel('Account').fill('ann');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('heading', { name: 'Logged in' }).waitFor();
    await promptOpen(page, frameElement);
    await frameElement.getByRole('button', { name: 'I have saved it' }).click();
    const user = (await connecting.answer).ok as { address: string; email?: string };
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(user.email).toBe('ann@oidc.localhost');
    expect(await call(page, 'IS_CONNECTED', {})).toEqual({ ok: { isConnected: true } });
    expect(await call(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' as never })).toEqual({ error: 'Social provider not allowed' });
    expect(errors).toEqual([]);
  });

  it("shows the server's throttle with the remaining seconds", async () => {
    const { page } = await openSite();
    const email = `throttle-${process.pid}@example.com`;
    expect(await call(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: { action: 'VERIFY_OTP' } });
    const again = await call(page, 'CONNECT_EMAIL', { email });
    expect(again.error).toMatch(/^Please try again after (29|30) seconds$/);
  });
});
