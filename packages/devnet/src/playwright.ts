import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import './test-wallet/browserGlobals.ts';
import type { TestWalletOptions } from './test-wallet/injectTestWallet.ts';
import { testWalletScriptPath } from './paths.ts';

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
