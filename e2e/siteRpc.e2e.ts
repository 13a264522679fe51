import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { connectButton, dialog, openDemo, waitForSiteStatus } from './support/demo.ts';
import { E2E_DEMO_OUT_DIR } from './support/ports.ts';

// Issue 30: the demo reads its chains through the server's RPC proxy (EVM: `api`, no rpcUrl;
// Solana over HTTP and Polkadot over its websocket: the proxy's URL), so no node URL is in the
// built page, and the browser never talks to a node.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Every local node's host: the EVM chains, Solana's RPC and its websocket (port + 1), Polkadot's. */
function nodeHosts(): string[] {
  const solana = new URL(inject('solanaUrl'));
  return [...inject('chains').map((chain) => chain.url), inject('solanaUrl'), inject('polkadotUrl')]
    .map((url) => new URL(url).host)
    .concat(`${solana.hostname}:${Number(solana.port) + 1}`);
}
const serverRpc = (chainId: number) => `${inject('serverUrl')}/v1/?chainId=eip155:${chainId}&projectId=cairn-local`;

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('the demo on the server’s RPC', () => {
  it('has no node URL anywhere in the built page', () => {
    const dir = fileURLToPath(new URL(`../apps/demo/${E2E_DEMO_OUT_DIR}`, import.meta.url));
    const files = builtFiles(dir).filter((file) => /\.(js|html|css|json)$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const host of nodeHosts()) expect(text.includes(host), `${file} names ${host}`).toBe(false);
    }
  });

  it('connects, switches network and estimates a send’s fee through the server, without one request to a node', async () => {
    // The test wallet stands for an extension with a node of its own: here, the server's RPC too.
    const demo = await openDemo(browser, { wallets: [{ chains: { 31337: serverRpc(31337), 31338: serverRpc(31338) } }] });
    const { page } = demo;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await connectButton(page).click();
    await dialog(page).getByRole('button', { name: 'Cairn Test Wallet' }).click();
    await waitForSiteStatus(page, 'connected');
    await page.getByRole('button', { name: /Account/ }).filter({ hasText: '10,000.000 ETH' }).waitFor();
    await page.getByRole('button', { name: /Account/ }).click();
    await dialog(page).getByRole('button', { name: /Cairn Devnet/ }).click();
    await dialog(page).getByRole('button', { name: 'Cairn Devnet Two' }).click();
    await dialog(page).getByText('42.000 ETH').waitFor();
    // The fee needs eth_estimateGas: the site's own JSON-RPC call.
    await dialog(page).getByTestId('wallet-feature-send').click();
    await dialog(page).getByTestId('send-fee').filter({ hasText: /\$|wei/ }).waitFor();
    expect(requested.filter((url) => nodeHosts().some((host) => new URL(url).host === host))).toEqual([]);
    const siteRpcUrl = new URL('/v1/', inject('serverUrl'));
    siteRpcUrl.search = new URLSearchParams({ projectId: 'cairn-local', st: 'cairn', sv: '0.1.0', chainId: 'eip155:31338' }).toString();
    expect(requested).toContain(siteRpcUrl.href);
    expect(demo.errors).toEqual([]);
    await demo.close();
  });
});
