import type { BitcoinTestWallet, BitcoinTestWalletOptions } from './createBitcoinTestWallet.ts';

/** What dist/bitcoin-test-wallet.js puts on `window`. */
declare global {
  interface Window {
    cairnBitcoinTestWallet?: { wallets: BitcoinTestWallet[] };
    /** Read once when the script loads: each entry is injected through WBIP004 and the Wallet Standard. */
    __cairnBitcoinTestWallets?: BitcoinTestWalletOptions[];
  }
}
