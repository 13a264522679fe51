import type { WalletConnectClient } from './walletConnectClient.ts';
import type { WalletConnectStore } from './walletConnectStore.ts';

export interface WalletConnectContext {
  store: WalletConnectStore;
  /** The protocol client, loaded (its own chunk) and started on first use, then shared. */
  load(): Promise<WalletConnectClient>;
  /** Bumped by each pairing attempt, so the outcome of one the visitor left is ignored. */
  attempt: number;
}
