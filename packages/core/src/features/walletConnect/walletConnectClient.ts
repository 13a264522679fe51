import type { RemoteProvider, WalletConnectNamespaceRequest } from '../../types.ts';

// The surface of @cairn/walletconnect that the core uses, declared here so the core does not
// import the package (and its protocol code) until a visitor picks WalletConnect.

export interface WalletConnectSessionInfo {
  topic: string;
  peer: { name: string; url: string; icons: readonly string[] };
  /** CAIP-10 accounts the wallet granted, across namespaces. */
  accounts: readonly string[];
  expiry: number;
}

/** The EIP-4361 terms of a one-click sign-in; the wallet adds its account and chain. */
export interface WalletConnectSignInTerms {
  domain: string;
  uri: string;
  nonce: string;
  statement?: string;
  expirationTime: string;
}

/** What the wallet signed with its approval: the EIP-4361 text, its signature and the CAIP-10 account. */
export interface WalletConnectSignIn {
  message: string;
  signature: string;
  account: string;
}

export interface WalletConnectClient {
  session(): WalletConnectSessionInfo | undefined;
  connect(params: {
    namespaces: Readonly<Record<string, WalletConnectNamespaceRequest>>;
    onUri(uri: string): void;
  }): Promise<WalletConnectSessionInfo>;
  /**
   * SPEC §4: a session and a sign-in in one approval (`wc_sessionAuthenticate`, eip155 only). A
   * wallet that cannot authenticate approves the session alone: `signIn` is then absent. A plugin
   * without it connects, then signs.
   */
  authenticate?(params: {
    namespaces: Readonly<Record<string, WalletConnectNamespaceRequest>>;
    signIn: WalletConnectSignInTerms;
    onUri(uri: string): void;
  }): Promise<{ session: WalletConnectSessionInfo; signIn?: WalletConnectSignIn }>;
  disconnect(): Promise<void>;
  provider(namespace: string): RemoteProvider;
  onSessionEnd(listener: () => void): () => void;
  /** The session as it stands after the wallet changed it (`wc_sessionUpdate`: chains or accounts added or removed). */
  onSessionUpdate(listener: (session: WalletConnectSessionInfo) => void): () => void;
}

/** Why a pairing attempt ended: the package's PairingError carries one of these as `reason`. */
export type PairingFailure = 'rejected' | 'expired' | 'failed';

export function pairingFailure(error: unknown): PairingFailure {
  const reason = typeof error === 'object' && error !== null ? (error as { reason?: unknown }).reason : undefined;
  return reason === 'rejected' || reason === 'expired' ? reason : 'failed';
}

export type WalletConnectClientLoader = () => Promise<WalletConnectClient>;
