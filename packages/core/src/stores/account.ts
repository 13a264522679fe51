import { createStore } from '../createStore.ts';
import type { ChainAccount, ChainNamespace, ConnectionStatus } from '../types.ts';
import type { TokenBalance } from '../api/blockchainApi.ts';

// SPEC §3: account state per chain namespace.
export interface AccountState {
  namespace: ChainNamespace;
  status: ConnectionStatus;
  address?: string;
  caipAddress?: string;
  allAccounts: readonly string[];
  /** SPEC §3 library-level accounts: `allAccounts` with what the wallet gave of each (type, public key, derivation path). */
  accounts: readonly ChainAccount[];
  connectorId?: string;
  /** Whole units as a decimal string. */
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  balanceError?: string;
  /** USD value of the native coin and tokens, when the site's server knows the prices. */
  balanceUsd?: number;
  /** The native coin's USD price, when the site's server knows it (Send's fee in USD). */
  nativePriceUsd?: number;
  /** ERC-20 and similar holdings from the site's server; 0-decimal tokens left out (SPEC §5). */
  tokenBalance: readonly TokenBalance[];
  profileName?: string;
  profileImage?: string;
  /** SPEC §3: how an e-mail or social login (the secure frame) connected this account; cleared on disconnect (SPEC §4). */
  socialProvider?: string;
  /**
   * SPEC §3: the Sign In With Farcaster link of a Farcaster login in progress (the ConnectingFarcaster
   * view shows it as a QR code and a link); cleared once the login ends, either way.
   */
  farcasterUrl?: string;
  /** SPEC §3: the frame's user behind that login. */
  user?: AccountUser;
}

/** SPEC §3 "Frame user", as much of it as the widget holds. */
export interface AccountUser {
  email?: string;
}

export const emptyAccount = (namespace: ChainNamespace): AccountState => ({
  namespace,
  status: 'disconnected',
  allAccounts: [],
  accounts: [],
  balanceLoading: false,
  tokenBalance: [],
});

export const createAccountStore = (namespace: ChainNamespace) => createStore<AccountState>(emptyAccount(namespace));
export type AccountStore = ReturnType<typeof createAccountStore>;
