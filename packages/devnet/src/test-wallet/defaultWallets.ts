import type { TestWalletInfo } from './types.ts';

const icon = (fill: string, letter: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${fill}"/><text x="48" y="64" font-family="sans-serif" font-size="48" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  )}`;

/** Info for the first and second injected wallet when the test gives none. */
export const DEFAULT_WALLET_INFOS: readonly Omit<TestWalletInfo, 'uuid'>[] = [
  { name: 'Cairn Test Wallet', rdns: 'dev.cairn.testwallet', icon: icon('#2d6a4f', 'C') },
  { name: 'Second Test Wallet', rdns: 'dev.cairn.testwallet2', icon: icon('#7b2cbf', 'S') },
];
