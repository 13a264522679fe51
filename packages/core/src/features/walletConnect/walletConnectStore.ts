import { createStore } from '../../createStore.ts';
import type { WalletListItem } from '../../types.ts';
import type { WalletLink } from '../../rules/walletDeepLink.ts';

/**
 * One pairing attempt as the ConnectingWalletConnect views show it: loading (the protocol code
 * and relay), waiting (a URI to scan), approved, rejected, expired (a fresh URI follows), failed.
 */
export type WalletConnectStatus = 'idle' | 'loading' | 'waiting' | 'approved' | 'rejected' | 'expired' | 'failed';

export interface WalletConnectState {
  status: WalletConnectStatus;
  /** The pairing URI (`wc:...`) for the QR code, the copy button and deep links. */
  uri?: string;
  /** The picked wallet's own links for this URI, for this device (SPEC §2: none in basic mode). */
  links?: readonly WalletLink[];
  /** The catalogue wallet the visitor picked, if any (its logo sits in the QR code). */
  wallet?: WalletListItem;
  error?: string;
}

export const createWalletConnectStore = () => createStore<WalletConnectState>({ status: 'idle' });
export type WalletConnectStore = ReturnType<typeof createWalletConnectStore>;
