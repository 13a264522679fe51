import { createStore } from '../createStore.ts';
import type { ChainNamespace, ConnectionStatus } from '../types.ts';

// SPEC §3: account state per chain namespace.
export interface AccountState {
  namespace: ChainNamespace;
  status: ConnectionStatus;
  address?: string;
  caipAddress?: string;
  allAccounts: readonly string[];
  connectorId?: string;
  /** Whole units as a decimal string. */
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  balanceError?: string;
  profileName?: string;
  profileImage?: string;
}

export const emptyAccount = (namespace: ChainNamespace): AccountState => ({
  namespace,
  status: 'disconnected',
  allAccounts: [],
  balanceLoading: false,
});

export const createAccountStore = (namespace: ChainNamespace) => createStore<AccountState>(emptyAccount(namespace));
export type AccountStore = ReturnType<typeof createAccountStore>;
