import { createPublicClient, erc20Abi, http, verifyMessage, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { deployment, injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';
import { connectButton, dialog, walletChains } from './support/demo.ts';
import { EXTRA_ACCOUNTS } from './support/extraAccounts.ts';
import { pageErrorsBesidesVite, serveViteFixture, type ViteFixture } from './support/viteFixture.ts';
import { ensureOnDemand, onDemandPackage } from '../scripts/lib/onDemand.mjs';
import { buildPackages, PACKAGE_BUILD_WAIT_MS } from '../scripts/lib/buildPackages.mjs';

// A site built on wagmi's hooks with Cairn's connector (e2e/fixtures/wagmi), served by Vite. Its
// visitor is an account of its own, so the balances other files expect stay as they are.
const VISITOR = EXTRA_ACCOUNTS.wagmiVisitor;
const SPENDER = TEST_ACCOUNTS[1]!;

let browser: Browser;

// The fixture's Vite resolves Cairn's packages into dist/, which npm test's build lane (re)writes
// beside this suite: wait for that build, in a hook of its own (as strangerProject does).
beforeAll(() => buildPackages(), PACKAGE_BUILD_WAIT_MS);

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openWagmiSite(site: ViteFixture) {
  const { context } = await isolatedContext(browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await injectTestWallets(page, [{ chains: walletChains(), privateKey: VISITOR.privateKey }]);
  const pageConfig = { rpc: walletChains(), token: deployment.contracts.cairnToken, spender: SPENDER.address };
  await page.addInitScript({ content: `window.__WAGMI_PAGE__ = ${JSON.stringify(pageConfig)}` });
  await page.goto(site.url);
  return { page, context, errors };
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();
const waitText = (page: Page, testId: string, expected: string | RegExp) =>
  page.getByTestId(testId).filter({ hasText: expected }).waitFor({ timeout: 15_000 });

async function pickWalletInModal(page: Page) {
  await dialog(page).getByRole('button', { name: /Cairn Test Wallet/ }).click();
}

const chain = (chainId: number) => createPublicClient({ transport: http(walletChains()[chainId]) });
const allowance = () =>
  chain(31337).readContract({ address: deployment.contracts.cairnToken, abi: erc20Abi, functionName: 'allowance', args: [VISITOR.address, SPENDER.address] });

// wagmi 2 is installed on demand, beside the root install's wagmi 3 (scripts/onDemand/wagmi2: out of
// a newcomer's first install); the page and @cairn/wagmi import `wagmi`, which resolves to it the
// way it would on a site that installed wagmi 2.
const MAJORS: { major: number; onDemand?: string; alias: Record<string, string> }[] = [
  { major: 3, alias: {} },
  { major: 2, onDemand: 'wagmi2', alias: { wagmi: onDemandPackage('wagmi2', 'wagmi') } },
];
/** A first install of wagmi 2 on a busy machine (its on-demand npm ci). */
const WAGMI_INSTALL_WAIT_MS = 600_000;

describe.each(MAJORS)("a wagmi $major site keeps its hooks with Cairn's connector", ({ major, onDemand, alias }) => {
  let site: ViteFixture;

  beforeAll(async () => {
    if (onDemand) await ensureOnDemand(onDemand);
  }, WAGMI_INSTALL_WAIT_MS);

  beforeAll(async () => {
    site = await serveViteFixture('wagmi', {
      alias,
      prebundle: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'viem', 'wagmi', '@tanstack/react-query', '@cairn/core', '@cairn/evm', '@cairn/react', '@cairn/wagmi'],
    });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it("connecting in Cairn's modal fills useAccount and useBalance; useSignMessage and useWriteContract (an ERC-20 approve) go through the wallet and land on the devnet", async () => {
    const { page, context, errors } = await openWagmiSite(site);
    await waitText(page, 'wagmi-status', 'disconnected');
    expect(await text(page, 'wagmi-version')).toMatch(new RegExp(`^${major}\\.`));
    await connectButton(page).click();
    await pickWalletInModal(page);
    await waitText(page, 'wagmi-status', /^connected$/);
    expect(await text(page, 'wagmi-address')).toBe(VISITOR.address);
    expect(await text(page, 'wagmi-chain')).toBe('31337');
    const onChain = await chain(31337).getBalance({ address: VISITOR.address as Address });
    await waitText(page, 'wagmi-balance', onChain.toString());

    await page.getByRole('button', { name: 'wagmi sign' }).click();
    await waitText(page, 'signature', /^0x[0-9a-f]{130}$/);
    const signature = (await text(page, 'signature')) as `0x${string}`;
    expect(await verifyMessage({ address: VISITOR.address as Address, message: 'hello from wagmi', signature })).toBe(true);

    const amount = BigInt(Date.now());
    await page.getByTestId('approve-amount').fill(amount.toString());
    await page.getByRole('button', { name: 'wagmi write' }).click();
    await waitText(page, 'receipt', /^success 0x/);
    expect(await allowance()).toBe(amount);
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });

  it("switching either way is seen by both; disconnecting either way ends both; wagmi's connect opens Cairn's modal", async () => {
    const { page, context, errors } = await openWagmiSite(site);
    await page.getByRole('button', { name: 'wagmi connect' }).click();
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor();
    await pickWalletInModal(page);
    await waitText(page, 'wagmi-status', /^connected$/);

    await page.getByRole('button', { name: 'wagmi switch' }).click();
    await waitText(page, 'cairn-chain', 'eip155:31338');
    await waitText(page, 'wagmi-chain', '31338');

    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByTestId('account-network').click();
    await dialog(page).getByRole('button', { name: /Cairn Devnet$/ }).click();
    await waitText(page, 'wagmi-chain', '31337');
    await waitText(page, 'cairn-chain', 'eip155:31337');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'wagmi disconnect' }).click();
    await waitText(page, 'wagmi-status', 'disconnected');
    await connectButton(page).waitFor();

    await connectButton(page).click();
    await pickWalletInModal(page);
    await waitText(page, 'wagmi-status', /^connected$/);
    await page.getByRole('button', { name: /^Account / }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await waitText(page, 'wagmi-status', 'disconnected');
    expect(pageErrorsBesidesVite(errors)).toEqual([]);
    await context.close();
  });
});
