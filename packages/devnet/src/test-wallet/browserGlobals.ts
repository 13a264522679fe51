import type { TestWalletHandle, TestWalletOptions } from './injectTestWallet.ts';

/** What dist/test-wallet.js puts on `window`. */
export type CairnTestWalletGlobal = {
  inject(options?: TestWalletOptions): TestWalletHandle;
  wallets: TestWalletHandle[];
};

declare global {
  interface Window {
    cairnTestWallet?: CairnTestWalletGlobal;
    /** Read once when the script loads: each entry is injected as a wallet. */
    __cairnTestWallets?: TestWalletOptions[];
  }
}
