import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import './test-wallet/browserGlobals.ts';
import './solana-wallet/browserGlobals.ts';
import './polkadot-extension/browserGlobals.ts';
import './bitcoin-wallet/browserGlobals.ts';
import type { TestWalletOptions } from './test-wallet/injectTestWallet.ts';
import { bitcoinTestWalletScriptPath, polkadotTestExtensionScriptPath, solanaTestWalletScriptPath, testWalletScriptPath } from './paths.ts';
import type { BitcoinTestWalletOptions } from './bitcoin-wallet/createBitcoinTestWallet.ts';
import type { SolanaTestWalletOptions } from './solana-wallet/createSolanaTestWallet.ts';
import type { PolkadotTestExtensionOptions } from './polkadot-extension/createPolkadotTestExtension.ts';

/**
 * Makes every page load of `page` (and its frames) start with these wallets installed, announced
 * over EIP-6963 like browser extensions. Call before page.goto.
 */
export async function injectTestWallets(page: Page, wallets: TestWalletOptions[]): Promise<void> {
  if (!existsSync(testWalletScriptPath)) {
    throw new Error(`${testWalletScriptPath} is missing: run npm run build -w @cairn/devnet`);
  }
  await page.addInitScript({ content: `window.__cairnTestWallets = ${JSON.stringify(wallets)};` });
  await page.addInitScript({ path: testWalletScriptPath });
}

type Control = 'rejectNext' | 'failNext' | 'setChain' | 'setAccount' | 'disconnect' | 'revoke' | 'getState';

/** The test controls of the index-th injected wallet, driven from the test through page.evaluate. */
export function testWallet(page: Page, index = 0) {
  // Runs in the page: page.evaluate sends this function's source, not a closure.
  const call = <T>(control: Control, arg?: unknown) =>
    page.evaluate(
      ({ index, control, arg }) => {
        const wallet = window.cairnTestWallet?.wallets[index];
        if (!wallet) throw new Error(`No test wallet #${index} in this page (call injectTestWallets before page.goto)`);
        return (wallet[control] as (arg?: unknown) => unknown)(arg);
      },
      { index, control, arg },
    ) as Promise<T>;
  return {
    rejectNext: () => call<void>('rejectNext'),
    failNext: (method: string) => call<void>('failNext', method),
    setChain: (chainId: number) => call<void>('setChain', chainId),
    setAccount: (privateKey: Hex) => call<void>('setAccount', privateKey),
    disconnect: () => call<void>('disconnect'),
    revoke: () => call<void>('revoke'),
    getState: () => call<{ address: Hex; chainId: number; authorized: boolean }>('getState'),
  };
}

/**
 * Makes every page load of `page` start with these Solana wallets registered through the Wallet
 * Standard, as extensions register. Call before page.goto.
 */
export async function injectSolanaTestWallets(page: Page, wallets: SolanaTestWalletOptions[]): Promise<void> {
  if (!existsSync(solanaTestWalletScriptPath)) {
    throw new Error(`${solanaTestWalletScriptPath} is missing: run npm run build -w @cairn/devnet`);
  }
  await page.addInitScript({ content: `window.__cairnSolanaTestWallets = ${JSON.stringify(wallets)};` });
  await page.addInitScript({ path: solanaTestWalletScriptPath });
}

type SolanaControl = 'rejectNext' | 'setAccount' | 'disconnect' | 'getState';

/** The test controls of the index-th injected Solana wallet. */
export function solanaTestWallet(page: Page, index = 0) {
  const call = <T>(control: SolanaControl, arg?: unknown) =>
    page.evaluate(
      ({ index, control, arg }) => {
        const wallet = window.cairnSolanaTestWallet?.wallets[index];
        if (!wallet) throw new Error(`No Solana test wallet #${index} in this page (call injectSolanaTestWallets before page.goto)`);
        return (wallet[control] as (arg?: unknown) => unknown)(arg);
      },
      { index, control, arg },
    ) as Promise<T>;
  return {
    rejectNext: () => call<void>('rejectNext'),
    setAccount: (secretKey: string) => call<void>('setAccount', secretKey),
    disconnect: () => call<void>('disconnect'),
    getState: () => call<{ address: string; authorized: boolean; signIns: number }>('getState'),
  };
}

/**
 * Makes every page load of `page` start with these Polkadot extensions in `window.injectedWeb3`,
 * as extensions inject themselves. Call before page.goto.
 */
export async function injectPolkadotTestExtensions(page: Page, extensions: PolkadotTestExtensionOptions[]): Promise<void> {
  if (!existsSync(polkadotTestExtensionScriptPath)) {
    throw new Error(`${polkadotTestExtensionScriptPath} is missing: run npm run build -w @cairn/devnet`);
  }
  await page.addInitScript({ content: `window.__cairnPolkadotTestExtensions = ${JSON.stringify(extensions)};` });
  await page.addInitScript({ path: polkadotTestExtensionScriptPath });
}

type PolkadotControl = 'rejectNext' | 'setAccounts' | 'revoke' | 'getState';

/** The test controls of the index-th injected Polkadot extension. */
export function polkadotTestExtension(page: Page, index = 0) {
  const call = <T>(control: PolkadotControl, arg?: unknown) =>
    page.evaluate(
      ({ index, control, arg }) => {
        const extension = window.cairnPolkadotTestExtension?.extensions[index];
        if (!extension) throw new Error(`No Polkadot test extension #${index} in this page (call injectPolkadotTestExtensions before page.goto)`);
        return (extension[control] as (arg?: unknown) => unknown)(arg);
      },
      { index, control, arg },
    ) as Promise<T>;
  return {
    rejectNext: () => call<void>('rejectNext'),
    setAccounts: (uris: string[]) => call<void>('setAccounts', uris),
    revoke: () => call<void>('revoke'),
    getState: () => call<{ addresses: string[]; authorized: boolean }>('getState'),
  };
}

/**
 * Makes every page load of `page` start with these Bitcoin wallets injected through WBIP004
 * (`btc_providers`) and the Wallet Standard, as extensions inject. Call before page.goto.
 */
export async function injectBitcoinTestWallets(page: Page, wallets: BitcoinTestWalletOptions[]): Promise<void> {
  if (!existsSync(bitcoinTestWalletScriptPath)) {
    throw new Error(`${bitcoinTestWalletScriptPath} is missing: run npm run build -w @cairn/devnet`);
  }
  await page.addInitScript({ content: `window.__cairnBitcoinTestWallets = ${JSON.stringify(wallets)};` });
  await page.addInitScript({ path: bitcoinTestWalletScriptPath });
}

type BitcoinControl = 'rejectNext' | 'disconnect' | 'getState';

/** The test controls of the index-th injected Bitcoin wallet. */
export function bitcoinTestWallet(page: Page, index = 0) {
  const call = <T>(control: BitcoinControl, arg?: unknown) =>
    page.evaluate(
      ({ index, control, arg }) => {
        const wallet = window.cairnBitcoinTestWallet?.wallets[index];
        if (!wallet) throw new Error(`No Bitcoin test wallet #${index} in this page (call injectBitcoinTestWallets before page.goto)`);
        return (wallet[control] as (arg?: unknown) => unknown)(arg);
      },
      { index, control, arg },
    ) as Promise<T>;
  return {
    rejectNext: () => call<void>('rejectNext'),
    disconnect: () => call<void>('disconnect'),
    getState: () => call<{ authorized: boolean; payment: string; ordinals: string; signedMessages: string[] }>('getState'),
  };
}
