// The shapes @cairn/core expects of this package (it declares the same ones structurally, so the
// two packages do not import each other).

export interface WalletConnectMetadata {
  name: string;
  description?: string;
  url?: string;
  icons?: readonly string[];
}

export interface WalletConnectClientOptions {
  projectId: string;
  /** The relay's websocket URL; WalletConnect's public relay when absent. */
  relayUrl?: string;
  metadata: WalletConnectMetadata;
  /** WalletConnect's usage events to its cloud; off unless the site opts in. */
  telemetry: boolean;
  /**
   * WalletConnect's cloud Verify API (an attestation iframe per request). Off unless asked for:
   * a self-hosted relay has no attestation service and the page must not call hosts the site
   * did not configure.
   */
  verify?: boolean;
  /** An HTTP RPC URL per CAIP-2 chain: reads go to the site's nodes, never WalletConnect's. */
  rpcMap: Readonly<Record<string, string>>;
  /** Keeps this site's sessions apart from other WalletConnect clients on the same origin. */
  storagePrefix?: string;
  /** How long a proposal may wait for the relay before the attempt fails (default 10 s). */
  relayTimeoutMs?: number;
}

/** CAIP-25: what the site asks the wallet for in one namespace. */
export interface NamespaceRequest {
  chains: readonly string[];
  methods: readonly string[];
  events: readonly string[];
}

export interface WalletConnectSessionInfo {
  topic: string;
  /** The wallet's own description of itself. */
  peer: { name: string; url: string; icons: readonly string[] };
  /** CAIP-10 accounts the wallet granted, across namespaces. */
  accounts: readonly string[];
  /** Unix seconds. */
  expiry: number;
}

/**
 * SPEC §4 one-click sign-in: the EIP-4361 terms the site asks the wallet to sign in the same
 * approval as the session (`wc_sessionAuthenticate`). The wallet adds its account and chain.
 */
export interface SignInTerms {
  domain: string;
  uri: string;
  nonce: string;
  statement?: string;
  expirationTime: string;
}

/** The sign-in the wallet signed with its approval: the EIP-4361 text, its signature, the CAIP-10 account. */
export interface AuthenticatedSignIn {
  message: string;
  signature: string;
  account: string;
}

export type RemoteProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect';

/** An EIP-1193-shaped provider for one namespace of the session. */
export interface RemoteProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: RemoteProviderEvent, listener: (...args: never[]) => void): void;
  removeListener(event: RemoteProviderEvent, listener: (...args: never[]) => void): void;
}

export interface WalletConnectClient {
  /** The approved session, restored from storage after a reload. */
  session(): WalletConnectSessionInfo | undefined;
  /**
   * Proposes a session. `onUri` receives the pairing URI to show as a QR code or deep link.
   * Resolves when the wallet approves; rejects when it declines (code 5000) or the URI expires.
   */
  connect(params: { namespaces: Readonly<Record<string, NamespaceRequest>>; onUri(uri: string): void }): Promise<WalletConnectSessionInfo>;
  /**
   * SPEC §4/§5: proposes a session and a sign-in in one approval (eip155 alone). A wallet that
   * cannot authenticate answers the session proposal sent beside it: then `signIn` is absent and
   * the site asks for the signature after connecting.
   */
  authenticate(params: {
    namespaces: Readonly<Record<string, NamespaceRequest>>;
    signIn: SignInTerms;
    onUri(uri: string): void;
  }): Promise<{ session: WalletConnectSessionInfo; signIn?: AuthenticatedSignIn }>;
  disconnect(): Promise<void>;
  provider(namespace: string): RemoteProvider;
  /** Called when the wallet ends the session (or it expires). */
  onSessionEnd(listener: () => void): () => void;
  /** Called with the session as it stands after the wallet changed it (`wc_sessionUpdate`: chains or accounts added or removed). */
  onSessionUpdate(listener: (session: WalletConnectSessionInfo) => void): () => void;
}
