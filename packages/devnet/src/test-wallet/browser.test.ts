import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyMessage, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../accounts.ts';
import { buildTestWallet } from '../buildTestWallet.ts';
import type { CairnTestWalletGlobal } from './browserGlobals.ts';
import type { TestWalletOptions } from './injectTestWallet.ts';

// The real IIFE bundle, built fresh into a temp dir and run against a stand-in `window` (an
// EventTarget): what a page gets from dist/test-wallet.js. A browser run belongs to e2e.
type FakeWindow = EventTarget & { cairnTestWallet?: CairnTestWalletGlobal; __cairnTestWallets?: TestWalletOptions[]; ethereum?: unknown };

let bundle = '';
const outDir = mkdtempSync(join(tmpdir(), 'cairn-test-wallet-'));
beforeAll(async () => {
  await buildTestWallet(join(outDir, 'test-wallet.js'));
  bundle = readFileSync(join(outDir, 'test-wallet.js'), 'utf8');
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function loadBundle(window: FakeWindow): void {
  new Function('window', bundle)(window);
}

describe('dist/test-wallet.js', () => {
  it('injects every wallet of window.__cairnTestWallets at load, each announced over EIP-6963', () => {
    const window: FakeWindow = Object.assign(new EventTarget(), {
      __cairnTestWallets: [{ asWindowEthereum: true }, { privateKey: TEST_ACCOUNTS[1]!.privateKey, chainId: 31338 }],
    });
    const names: string[] = [];
    window.addEventListener('eip6963:announceProvider', (event) => names.push((event as CustomEvent).detail.info.name));
    loadBundle(window);
    expect(window.cairnTestWallet?.wallets).toHaveLength(2);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(names).toEqual(['Cairn Test Wallet', 'Second Test Wallet', 'Cairn Test Wallet', 'Second Test Wallet']);
    expect(window.ethereum).toBe(window.cairnTestWallet?.wallets[0]);
    expect(window.cairnTestWallet?.wallets[1]?.getState()).toEqual({ address: TEST_ACCOUNTS[1]!.address, chainId: 31338, authorized: false });
  });

  it('offers inject() to add a wallet later, and its provider signs', async () => {
    const window: FakeWindow = new EventTarget();
    loadBundle(window);
    loadBundle(window); // a second copy must not install a second set of wallets
    const wallet = window.cairnTestWallet!.inject({ info: { name: 'Late Wallet', rdns: 'dev.cairn.late' } });
    expect(window.cairnTestWallet!.wallets).toEqual([wallet]);
    expect(wallet.info).toMatchObject({ name: 'Late Wallet', rdns: 'dev.cairn.late' });
    const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as Hex[];
    const signature = (await wallet.request({ method: 'personal_sign', params: ['hello', address] })) as Hex;
    expect(await verifyMessage({ address: address!, message: 'hello', signature })).toBe(true);
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });
});
