import { createStore } from '../createStore.ts';
import type { RecentWallet } from '../storage.ts';
import type { ConnectionStatus, Connector } from '../types.ts';

export interface ConnectingState {
  connectorId: string;
  /** Set when the last attempt failed; the view offers a retry. */
  error?: string;
  rejected?: boolean;
}

export interface ConnectionState {
  status: ConnectionStatus;
  connectors: readonly Connector[];
  recentWallets: readonly RecentWallet[];
  connecting?: ConnectingState;
  /** Connector in use for the active namespace. */
  connectorId?: string;
}

export const createConnectionStore = (recentWallets: readonly RecentWallet[] = []) =>
  createStore<ConnectionState>({ status: 'disconnected', connectors: [], recentWallets });
export type ConnectionStore = ReturnType<typeof createConnectionStore>;
