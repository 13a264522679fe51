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

export interface WalletConnectClient {
  session(): WalletConnectSessionInfo | undefined;
  connect(params: {
    namespaces: Readonly<Record<string, WalletConnectNamespaceRequest>>;
    onUri(uri: string): void;
  }): Promise<WalletConnectSessionInfo>;
  disconnect(): Promise<void>;
  provider(namespace: string): RemoteProvider;
  onSessionEnd(listener: () => void): () => void;
}

/** Why a pairing attempt ended: the package's PairingError carries one of these as `reason`. */
export type PairingFailure = 'rejected' | 'expired' | 'failed';

export function pairingFailure(error: unknown): PairingFailure {
  const reason = typeof error === 'object' && error !== null ? (error as { reason?: unknown }).reason : undefined;
  return reason === 'rejected' || reason === 'expired' ? reason : 'failed';
}

export type WalletConnectClientLoader = () => Promise<WalletConnectClient>;
