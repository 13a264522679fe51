import './browserGlobals.ts';
import { injectTestWallet } from './injectTestWallet.ts';

// Entry of dist/test-wallet.js (an IIFE): the page-side "extension". Loading it twice in a page
// (e.g. two init scripts) keeps the first instance, as two copies would announce twice.
if (!window.cairnTestWallet) {
  const wallets: NonNullable<Window['cairnTestWallet']>['wallets'] = [];
  window.cairnTestWallet = {
    wallets,
    inject(options = {}) {
      const wallet = injectTestWallet(options, wallets.length, window);
      wallets.push(wallet);
      return wallet;
    },
  };
  for (const options of window.__cairnTestWallets ?? []) window.cairnTestWallet.inject(options);
}
