import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';
import { nextBin as next, prepareNextjsCopy } from '../scripts/lib/nextjsExample.mjs';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { connectButton, dialog, walletChains } from './support/demo.ts';
import { E2E_NEXTJS_DIR, E2E_PORTS } from './support/ports.ts';
import { runOrThrow } from './support/runOrThrow.ts';

// examples/nextjs, an App Router site on the built packages (dist/, as a site installs them):
// `next build`, `next start`, and Chromium. It is built from a copy in .scratch/ (one per
// E2E_PORT_OFFSET), with Next installed on demand (out of a newcomer's first install).
const dir = join(import.meta.dirname, '..', E2E_NEXTJS_DIR);
/** A first install of Next on a busy machine (its on-demand npm ci). */
const NEXT_INSTALL_WAIT_MS = 600_000;
const url = `http://127.0.0.1:${E2E_PORTS.nextjs}/`;
// Next asks no outside host (telemetry off); the example reads the devnet's RPC URL at request time.
// NODE_ENV as a deployment has it, not Vitest's 'test'.
const nextEnv = () => ({
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  CAIRN_RPC_URL: inject('chains').find((c) => c.chainId === 31337)!.url,
});

let browser: Browser;
let server: ChildProcess | undefined;

async function startNext(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [next, 'start', dir, '--hostname', '127.0.0.1', '--port', String(E2E_PORTS.nextjs)], { env: nextEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`next start did not answer within 30 s:\n${output}`);
}

beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);
beforeAll(() => prepareNextjsCopy(dir), NEXT_INSTALL_WAIT_MS);

beforeAll(async () => {
  await runOrThrow(process.execPath, [next, 'build', dir], { env: nextEnv() });
  server = await startNext();
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

/** Console errors and warnings: React reports a hydration mismatch there (minified in production, #418/#423/#425). */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium asks a site for /favicon.ico once per browser, not per context, and logs its 404 (the
    // example has no icon) in the first page that asked: this file's first test, which failed on it
    // and passed on its retry in every CI run of session 17 (ci1–ci6). Not the example's doing.
    const { url } = message.location();
    if (message.text().startsWith('Failed to load resource') && /\/favicon\.ico$/.test(url ?? '')) return;
    messages.push(`${message.text()} (${url || 'no URL'})`);
  });
  return messages;
}

describe('the Next.js App Router example', () => {
  it("server-renders the button, hydrates without a warning, and renders a returning visitor's account on the server from their cookies", async () => {
    const { context, foreignRequests } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const console = collectConsole(page);
    await injectTestWallets(page, [{ chains: walletChains() }]);

    const first = await page.goto(url);
    const firstHtml = await first!.text();
    expect(firstHtml).toContain('<cairn-button-slot style="display:contents"></cairn-button-slot>');
    expect(firstHtml).toContain('<p data-testid="account">disconnected</p>');
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();
    const address = TEST_ACCOUNTS[0]!.address;
    await page.getByTestId('account').filter({ hasText: `connected ${address}` }).waitFor();
    const names = (await context.cookies()).map((cookie) => decodeURIComponent(cookie.name));
    expect(names).toEqual(expect.arrayContaining(['@cairn/connectedWallet', '@cairn/connections']));

    const again = await page.reload();
    const againHtml = await again!.text();
    expect(againHtml).toContain(`<p data-testid="account">reconnecting ${address}</p>`);
    await page.getByTestId('account').filter({ hasText: new RegExp(`^connected ${address}$`) }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^Account ${address.slice(0, 6)}`) }).waitFor();

    expect(console).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });
});
