import type { SolanaTestWallet, SolanaTestWalletOptions } from './createSolanaTestWallet.ts';

/** What dist/solana-test-wallet.js puts on `window`. */
declare global {
  interface Window {
    cairnSolanaTestWallet?: { wallets: SolanaTestWallet[] };
    /** Read once when the script loads: each entry is registered as a Wallet Standard wallet. */
    __cairnSolanaTestWallets?: SolanaTestWalletOptions[];
  }
}
