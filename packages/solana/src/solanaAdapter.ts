import type { ChainAdapter } from '@cairn/core';
import { lazyChainAdapter } from '@cairn/core/internal';
import type { SolanaAdapterOptions } from './walletStandardAdapter.ts';

/**
 * The solana adapter: wallets found through the Wallet Standard, SOL and SPL token sends. Its body
 * (Wallet Standard discovery, base58, RPC reads) is a chunk fetched when the page is idle, or at
 * once for a connection; a site that adds Solana does not grow its first load.
 */
export function createSolanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  return lazyChainAdapter({
    namespace: 'solana',
    label: 'Solana',
    load: async () => (await import('./walletStandardAdapter.ts')).createWalletStandardAdapter(options),
    optional: ['getAccountType', 'estimateSend', 'sendToken', 'waitForTransaction', 'signIn'],
    capabilities: { sendFeeUnit: 'native' },
    // The e-mail login's frame is a Solana wallet too (its Solana account).
    remoteSessions: true,
  });
}

export type { SolanaAdapterOptions };
