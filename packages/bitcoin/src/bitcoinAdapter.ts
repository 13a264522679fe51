import type { ChainAdapter } from '@cairn/core';
import { lazyChainAdapter } from '@cairn/core/internal';
import type { BitcoinAdapterOptions } from './bitcoinAdapterBody.ts';

/**
 * The bip122 adapter: WBIP004 and Wallet Standard wallets, balances and sends through Esplora. Its
 * body (wallet discovery, the Esplora client, @scure/btc-signer for sends) is a chunk fetched when
 * the page is idle, or at once for a connection: adding Bitcoin does not grow a site's first load.
 */
export function createBitcoinAdapter(options: BitcoinAdapterOptions = {}): ChainAdapter {
  return lazyChainAdapter({
    namespace: 'bip122',
    label: 'Bitcoin',
    load: async () => (await import('./bitcoinAdapterBody.ts')).createBitcoinAdapterBody(options),
    optional: ['getAccountType', 'request', 'estimateSend', 'sendToken', 'waitForTransaction', 'signIn'],
  });
}

export type { BitcoinAdapterOptions };
