import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { startStaticServer, type StaticServer } from '../bench/lib/staticServer.ts';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { dialog, walletChains } from './support/demo.ts';

// examples/plain-html as a site without React serves it: the page, and @cairn/html's bundle
// copied beside it as cairn/.
const root = join(import.meta.dirname, '..');
let siteDir: string;
let site: StaticServer;
let browser: Browser;

beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);

beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'cairn-plain-html-'));
  cpSync(join(root, 'examples/plain-html'), siteDir, { recursive: true });
  cpSync(join(root, 'packages/html/dist/bundle'), join(siteDir, 'cairn'), { recursive: true });
  site = await startStaticServer(siteDir);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

const address = TEST_ACCOUNTS[0]!.address;
const short = `${address.slice(0, 6)}…${address.slice(-6)}`;

describe('a plain HTML page with the one-file bundle', () => {
  it('<cairn-button>, <cairn-network-button> and a mount()ed button share one instance and one modal', async () => {
    const { context } = await isolatedContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await injectTestWallets(page, [{ chains: walletChains() }]);
    await page.goto(`${site.url}?rpc=${encodeURIComponent(walletChains()[31337]!)}`);

    await page.getByRole('button', { name: 'Connect (placed by script)' }).waitFor();
    await page.getByRole('button', { name: 'Connect a wallet' }).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    expect(await page.locator('cairn-modal').count()).toBe(1);
    await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();

    // Both buttons follow the one connection.
    await page.getByRole('button', { name: new RegExp(`^Account ${short}`) }).first().waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^Account ${short}`) }).count()).toBe(2);
    await page.getByRole('button', { name: 'Network: Cairn Devnet' }).click();
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor();
    expect(await page.locator('cairn-modal').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
