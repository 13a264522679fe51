import { useSyncExternalStore } from 'react';
import type { WebWallet, WebWalletState } from './createWebWallet.ts';

export function useWebWallet(wallet: WebWallet): WebWalletState {
  return useSyncExternalStore(wallet.subscribe, wallet.getState);
}
