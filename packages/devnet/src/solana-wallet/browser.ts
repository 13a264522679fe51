import { createSolanaTestWallet, registerSolanaTestWallet, type SolanaTestWallet } from './createSolanaTestWallet.ts';
import './browserGlobals.ts';

// Entry of dist/solana-test-wallet.js (an IIFE): the page-side "extension". A second load keeps the first.
if (!window.cairnSolanaTestWallet) {
  const wallets: SolanaTestWallet[] = [];
  window.cairnSolanaTestWallet = { wallets };
  for (const options of window.__cairnSolanaTestWallets ?? []) {
    const wallet = createSolanaTestWallet(options);
    wallets.push(wallet);
    registerSolanaTestWallet(wallet, window);
  }
}
