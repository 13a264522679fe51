import { createBitcoinTestWallet, registerBitcoinTestWallet, type BitcoinTestWallet } from './createBitcoinTestWallet.ts';
import './browserGlobals.ts';

// Entry of dist/bitcoin-test-wallet.js (an IIFE): the page-side "extension". A second load keeps the first.
if (!window.cairnBitcoinTestWallet) {
  const wallets: BitcoinTestWallet[] = [];
  window.cairnBitcoinTestWallet = { wallets };
  (window.__cairnBitcoinTestWallets ?? []).forEach((options, index) => {
    const wallet = createBitcoinTestWallet(options);
    wallets.push(wallet);
    registerBitcoinTestWallet(wallet, window, index);
  });
}
