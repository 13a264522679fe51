import { inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  bitcoinTestWallet,
  injectBitcoinTestWallets,
  injectPolkadotTestExtensions,
  injectSolanaTestWallets,
  injectTestWallets,
  polkadotTestExtension,
  solanaTestWallet,
  testWallet,
  type BitcoinTestWalletOptions,
  type PolkadotTestExtensionOptions,
  type SolanaTestWalletOptions,
  type TestWalletOptions,
} from '@cairn/devnet';
import { collectPageErrors, isolatedContext, STATE_POLLING } from './browser.ts';

export interface DemoOptions {
  /** Test wallets to inject, as browser extensions would be. Default: one, account 0 on 31337. */
  wallets?: TestWalletOptions[];
  /** Query string for the demo, e.g. `networks=31338&theme=dark`. */
  query?: string;
  context?: BrowserContextOptions;
  /** Wallet Standard Solana test wallets to register; their RPC is the stack's Solana chain unless given. */
  solanaWallets?: Partial<SolanaTestWalletOptions>[];
  /** Polkadot test extensions to put in `window.injectedWeb3`. */
  polkadotExtensions?: PolkadotTestExtensionOptions[];
  /** WBIP004 + Wallet Standard Bitcoin test wallets; their Esplora API is the stack's regtest chain unless given. */
  bitcoinWallets?: (Partial<BitcoinTestWalletOptions> & { secretKey: string })[];
  /** Init scripts for the page, run after the wallets are injected and before the demo's own scripts. */
  initScripts?: string[];
}

export function walletChains(): Record<number, string> {
  return Object.fromEntries(inject('chains').map((chain) => [chain.chainId, chain.url]));
}

/** Opens the built demo in a fresh, loopback-only browser context with the test wallets injected. */
export async function openDemo(browser: Browser, options: DemoOptions = {}) {
  const { context, foreignRequests } = await isolatedContext(browser, options.context);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const wallets = (options.wallets ?? [{}]).map((wallet) => ({ chains: walletChains(), ...wallet }));
  if (wallets.length > 0) await injectTestWallets(page, wallets);
  if (options.solanaWallets?.length) {
    await injectSolanaTestWallets(
      page,
      options.solanaWallets.map((wallet) => ({ secretKey: '', rpcUrls: { 'solana:localnet': inject('solanaUrl') }, ...wallet }) as SolanaTestWalletOptions),
    );
  }
  if (options.polkadotExtensions?.length) await injectPolkadotTestExtensions(page, options.polkadotExtensions);
  if (options.bitcoinWallets?.length) {
    await injectBitcoinTestWallets(page, options.bitcoinWallets.map((wallet) => ({ esploraUrl: inject('bitcoinUrl'), ...wallet })));
  }
  for (const content of options.initScripts ?? []) await page.addInitScript({ content });
  const url = `${inject('demoUrl')}${options.query ? `?${options.query}` : ''}`;
  await page.goto(url);
  return {
    page,
    context,
    url,
    foreignRequests,
    errors,
    wallet: (index = 0) => testWallet(page, index),
    solanaWallet: (index = 0) => solanaTestWallet(page, index),
    polkadotExtension: (index = 0) => polkadotTestExtension(page, index),
    bitcoinWallet: (index = 0) => bitcoinTestWallet(page, index),
    close: () => context.close(),
  };
}

export const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' });
export const dialog = (page: Page) => page.getByRole('dialog');

/** Opens the modal and connects the named wallet; resolves when the site shows the account. */
export async function connectWallet(page: Page, walletName = 'Cairn Test Wallet') {
  await connectButton(page).click();
  await dialog(page).getByRole('button', { name: walletName }).click();
  await waitForSiteStatus(page, 'connected');
}

/** Waits until the site's own panel (read through the public hooks) shows this status. */
export async function waitForSiteStatus(page: Page, status: string, timeout = 10_000) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="site-status"]')?.textContent === expected,
    status,
    { timeout, ...STATE_POLLING },
  );
}

export const siteText = (page: Page, testId: string) => page.getByTestId(testId).textContent();

/** From the connected site, Account → Send; resolves once Send shows its fee. */
export async function openSend(page: Page) {
  await page.getByRole('button', { name: /^Account / }).click();
  await dialog(page).getByTestId('wallet-feature-send').click();
  await dialog(page).getByRole('heading', { name: 'Send' }).waitFor();
  await dialog(page).getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
}

export async function pageEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as { cairnEvents?: { event: string }[] }).cairnEvents ?? []).map((e) => e.event));
}

/**
 * All Wallets' search: types `text` and waits until the results are in (the live status says how
 * many were found), so a click that follows meets the result list, not the list it replaces.
 */
export async function searchWallets(page: Page, text: string): Promise<void> {
  await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill(text);
  await dialog(page).getByRole('status').filter({ hasText: /^\d+ wallets? found$/ }).waitFor();
}
