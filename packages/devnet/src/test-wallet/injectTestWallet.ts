import type { Hex } from 'viem';
import { TEST_ACCOUNTS } from '../accounts.ts';
import { announceTestWallet, type AnnounceOptions } from './announce.ts';
import { createTestWalletProvider } from './createTestWalletProvider.ts';
import { DEFAULT_WALLET_INFOS } from './defaultWallets.ts';
import type { TestWalletInfo, TestWalletProvider } from './types.ts';

/**
 * What a test passes to inject a wallet into a page. JSON-serializable, since Playwright hands it
 * to the page as text. Everything is optional: defaults are test account 0 on the local devnet.
 */
export type TestWalletOptions = {
  privateKey?: Hex;
  chains?: Record<number, string>;
  chainId?: number;
  info?: Partial<TestWalletInfo>;
  asWindowEthereum?: boolean;
  announce?: boolean;
  /** See TestWalletProviderOptions.smartAccount. */
  smartAccount?: Hex;
};

export const DEFAULT_WALLET_CHAINS: Readonly<Record<number, string>> = {
  31337: 'http://127.0.0.1:8545',
  31338: 'http://127.0.0.1:8546',
};

/** One injected wallet: its provider (with the test controls) and a way to stop announcing. */
export type TestWalletHandle = TestWalletProvider & { stopAnnouncing(): void };

/** `position` picks the default name and icon: 0 is "Cairn Test Wallet", 1 "Second Test Wallet". */
export function injectTestWallet(
  options: TestWalletOptions,
  position: number,
  target?: AnnounceOptions['target'],
): TestWalletHandle {
  const defaults = DEFAULT_WALLET_INFOS[position] ?? {
    ...DEFAULT_WALLET_INFOS[0]!,
    name: `Test Wallet ${position + 1}`,
    rdns: `dev.cairn.testwallet${position + 1}`,
  };
  const provider = createTestWalletProvider({
    privateKey: options.privateKey ?? TEST_ACCOUNTS[0]!.privateKey,
    chains: options.chains ?? DEFAULT_WALLET_CHAINS,
    chainId: options.chainId ?? 31337,
    info: { ...defaults, ...options.info },
    ...(options.smartAccount ? { smartAccount: options.smartAccount } : {}),
  });
  const stopAnnouncing = announceTestWallet(provider, provider.info, {
    asWindowEthereum: options.asWindowEthereum,
    announce: options.announce,
    target,
  });
  return Object.assign(provider, { stopAnnouncing });
}
