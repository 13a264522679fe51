import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeFromMail, startMailSink, type MailSink } from '@cairn/devnet/mail';
import { startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import { deployment } from '@cairn/devnet';
import { startFrameServer, type FrameServer } from '@cairn/frame/server';
import { createServer, loadConfig } from '@cairn/server';
import type { FastifyInstance } from 'fastify';
import { clickClosingWindow } from './approvalWindow.ts';
import { frameStoodStill } from './demoFrame.ts';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { startStaticServer, type StaticServer } from '../../bench/lib/staticServer.ts';
import { collectPageErrors, isolatedContext, launchChromium, STATE_POLLING } from './browser.ts';
import { endEmailCodeCooldowns } from './emailCodeCooldowns.ts';

/**
 * The secure frame with everything it logs in against (issue 14): a site on one origin (the
 * fixtures/frameSite page, driving @cairn/frame/client), the frame on another, a Cairn server that
 * mails codes over SMTP to a real mailbox, and a local OpenID Connect provider; the devnet chain
 * 31337 from the e2e stack. One per test file.
 */
export interface FrameStack {
  site: StaticServer;
  frame: FrameServer;
  mailbox: MailSink;
  oidc: LocalOidcProvider;
  /** The Cairn server the frame logs in against. */
  serverUrl: string;
  /** Where the frame shows approvals and, with `popup`, a new wallet's recovery code (FRAME_APPROVALS). */
  approvals: 'popup' | 'inline' | 'auto';
  browser: Browser;
  chainUrl: string;
  /** What SPEC §5's 30 s wait before another code does to the server's records, without the wait. */
  endEmailCodeCooldowns(): void;
  close(): Promise<void>;
}

export type Outcome = { ok?: unknown; error?: string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * `smartAccounts`: the frame enables the key's smart account on 31337, through the stack's bundler and its paymaster.
 * `approvals`: where the frame shows approvals (FRAME_APPROVALS); inline unless a file drives the approval window.
 */
export async function startFrameStack(
  name: string,
  /** `serverEnv`: the server's settings beside the stack's own (TRUST_PROXY, for a test that plays the proxy). */
  options: { smartAccounts?: boolean; approvals?: 'popup' | 'inline' | 'auto'; serverEnv?: Record<string, string> } = {},
): Promise<FrameStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `cairn-${name}-`));
  const pages = inject('pages');
  const site = await startStaticServer(pages.frameSite);
  const mailbox = await startMailSink();
  const chain = inject('chains').find((c) => c.chainId === 31337)!;
  const [serverPort, framePort] = [await freePort(), await freePort()];
  const frameOrigin = `http://127.0.0.1:${framePort}`;
  const oidc = await startLocalOidcProvider({ redirectUris: [`http://127.0.0.1:${serverPort}/auth/v1/social/callback`] });
  const server: FastifyInstance = await createServer(
    loadConfig({
      SERVER_PORT: String(serverPort),
      DATABASE_URL: `sqlite:${join(dataDir, 'server.sqlite')}`,
      RPC_URL_31337: chain.url,
      INDEXER_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      SMTP_URL: mailbox.smtpUrl,
      // The frame, not the site, calls the server.
      CORS_ORIGINS: frameOrigin,
      FRAME_ORIGINS: frameOrigin,
      SOCIAL_GOOGLE_CLIENT_ID: oidc.clientId,
      SOCIAL_GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      SOCIAL_GOOGLE_ISSUER: oidc.issuer,
      // The site signs in against this server (the smart account's sign-in).
      SIWX_DOMAINS: new URL(site.url).host,
      // Farcaster is on for the devnet (its relay key); the name registry is the e2e stack's.
      FARCASTER_NAME_REGISTRY_URL: inject('fnamesUrl'),
      ...options.serverEnv,
    }),
  );
  await server.listen({ port: serverPort, host: '127.0.0.1' });
  const approvals = options.approvals ?? 'inline';
  const frame = await startFrameServer({
    dir: pages.framePage,
    port: framePort,
    config: {
      allowedOrigins: [new URL(site.url).origin],
      serverUrl: `http://127.0.0.1:${serverPort}`,
      networks: [{ chainId: 31337, rpcUrl: chain.url, ...(options.smartAccounts ? { smartAccount: smartAccountOn31337() } : {}) }],
      approvals,
    },
  });
  const browser = await launchChromium();
  return {
    site,
    frame,
    mailbox,
    oidc,
    serverUrl: `http://127.0.0.1:${serverPort}`,
    approvals,
    browser,
    chainUrl: chain.url,
    endEmailCodeCooldowns: () => endEmailCodeCooldowns(join(dataDir, 'server.sqlite')),
    async close() {
      await browser.close();
      await Promise.all([frame.close(), site.close(), server.close(), mailbox.close(), oidc.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function smartAccountOn31337() {
  const bundler = inject('bundlers').find((b) => b.chainId === 31337);
  if (!bundler) throw new Error('The e2e stack started no bundler for chain 31337');
  const { entryPoint, accountFactory } = deployment.contracts;
  return { bundlerUrl: bundler.url, paymasterUrl: bundler.url, entryPoint, factory: accountFactory };
}

/**
 * How long a request to the frame may go unanswered. Playwright's evaluate has no bound of its own:
 * a click the frame never took (a dropped event) left a test waiting on its answer for the file's
 * whole 300 s (frameDevices, ci29). Generous: some answers wait for the visitor's steps first.
 */
export const FRAME_ANSWER_MS = 120_000;

/** `pending`, or an error naming `what` did not happen once `ms` have passed from now. */
export function within<T>(pending: Promise<T>, what: string, ms: number): Promise<T> {
  // A late answer (its page closed after the bound) must not surface as an unhandled rejection.
  pending.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

/** A request from the site to the frame, through the frame client; its answer or its error text. */
export const call = (page: Page, name: string, payload: unknown) => {
  const answer = page.evaluate(([n, p]) => (window as unknown as { frameTest: { request(n: string, p: unknown): Promise<Outcome> } }).frameTest.request(n, p), [name, payload] as const);
  return within(answer, `the frame's answer to ${name}`, FRAME_ANSWER_MS);
};

/** The site in a fresh browser profile, connected to the frame; `frameElement` is the frame's document, for the visitor's clicks. */
export async function openSite(stack: FrameStack) {
  const { context } = await isolatedContext(stack.browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(stack.site.url);
  await page.waitForFunction(() => 'frameTest' in window, null, STATE_POLLING);
  const connected = page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<Outcome> } }).frameTest.connect(url), stack.frame.url);
  expect(await within(connected, 'the site connecting to the frame', FRAME_ANSWER_MS)).toEqual({ ok: 'ready' });
  expect(await call(page, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' })).toEqual({ ok: {} });
  const frameElement = page.frames().find((f) => f.url().startsWith(stack.frame.url))!;
  return { page, errors, frameElement };
}

/** Asks for a code, reads it from the mailbox, and sends it; the frame then shows its recovery screen. The answer comes once the visitor has done so. */
export async function logIn(stack: FrameStack, page: Page, email: string): Promise<{ answer: Promise<Outcome> }> {
  const after = stack.mailbox.messages().at(-1)?.id ?? 0;
  const { ok } = await call(page, 'CONNECT_EMAIL', { email });
  // SPEC §4: a browser whose frame has no device yet registers one (CONNECT_DEVICE) before the code.
  if ((ok as { action: string }).action === 'VERIFY_DEVICE') expect(await call(page, 'CONNECT_DEVICE', {})).toEqual({ ok: {} });
  else expect(ok).toEqual({ action: 'VERIFY_OTP' });
  const code = codeFromMail(await stack.mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));
  return { answer: call(page, 'CONNECT_OTP', { otp: code }) };
}

/** Logs a new e-mail user in, saves the new wallet's recovery code, and answers the wallet's address and that code. */
export async function signUpWithCode(stack: FrameStack, page: Page, frameElement: Frame, email: string): Promise<{ address: `0x${string}`; recoveryCode: string }> {
  const connecting = await logIn(stack, page, email);
  await promptOpen(page, frameElement);
  const recoveryCode = await saveRecoveryCode(stack, page, frameElement);
  expect(await within(connecting.answer, "the login's answer on 'I have saved it'", 60_000)).toEqual({ ok: {} });
  await promptClosed(page);
  return { address: ((await call(page, 'GET_USER', {})).ok as { address: `0x${string}` }).address, recoveryCode };
}

/**
 * Saves a new wallet's printed recovery code where the frame shows it, and answers the code: in the
 * frame (`inline`), or with `popup` (session 25) in the approval window the frame's button opens,
 * whose 'I have saved it' closes it.
 */
export async function saveRecoveryCode(stack: FrameStack, page: Page, frameElement: Frame): Promise<string> {
  if (stack.approvals !== 'popup') {
    const recoveryCode = (await frameElement.locator('[data-recovery-code]').textContent({ timeout: 30_000 }))!;
    await frameElement.getByRole('button', { name: 'I have saved it' }).click();
    return recoveryCode;
  }
  const open = frameElement.getByRole('button', { name: 'Open the secure window' });
  await open.waitFor({ timeout: 30_000 });
  const opened = page.context().waitForEvent('page');
  await open.click();
  const popup = await opened;
  await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
  const recoveryCode = (await popup.locator('[data-recovery-code]').textContent())!;
  await clickClosingWindow(popup, 'I have saved it');
  return recoveryCode;
}

/** Logs a new e-mail user in, saves the new wallet's recovery code, and answers the wallet's address. */
export async function signUp(stack: FrameStack, page: Page, frameElement: Frame, email: string): Promise<`0x${string}`> {
  return (await signUpWithCode(stack, page, frameElement, email)).address;
}

/**
 * Waits for the frame's own screen: the frame tells the client (FRAME_PROMPT), which shows the
 * iframe over the page; the visitor then reads and clicks inside the frame, on its origin.
 */
export async function promptOpen(page: Page, frameElement: Frame) {
  await frameElement.waitForFunction(() => document.documentElement.dataset.prompt === 'open', null, { timeout: 15_000, ...STATE_POLLING });
  await page.locator('iframe[title="Cairn secure frame"]').waitFor({ state: 'visible' });
  await page.waitForFunction(() => (document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).getBoundingClientRect().width > 100, null, STATE_POLLING);
  // A click the frame takes at once (Reject, 'Review in a secure window') needs it to have stood still (demoFrame.ts).
  await frameStoodStill(page);
}

/** Once the frame's screen closes, the client hides the iframe again. */
export const promptClosed = (page: Page) => page.waitForFunction(() => (document.querySelector('iframe[title="Cairn secure frame"]') as HTMLIFrameElement).getBoundingClientRect().width === 0, null, STATE_POLLING);

/**
 * The open device's person opens the devices screen and types the waiting device's code: returns once
 * the found request shows, with the MANAGE_DEVICES call's answer in an object (a promise returned
 * bare from an async function would be awaited with it, until the screen's Done).
 */
export async function findDeviceByCode(device: { page: Page; frameElement: Frame }, code: string): Promise<{ managing: Promise<Outcome> }> {
  const managing = call(device.page, 'MANAGE_DEVICES', {});
  // Awaited by the caller; a failure before then closes the page under it.
  managing.catch(() => undefined);
  await promptOpen(device.page, device.frameElement);
  await device.frameElement.getByRole('textbox', { name: 'Code on the new device' }).fill(code);
  await device.frameElement.getByRole('button', { name: 'Find the device' }).click();
  await device.frameElement.getByRole('heading', { name: 'A new device asks to open your wallet' }).waitFor();
  return { managing };
}
