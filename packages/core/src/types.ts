// SPEC §3: the entities the core keeps. Chain adapters fill them; views only read them.

import type { ChainNamespace } from './namespaces.ts';

export type { ChainNamespace };

/** CAIP-2 chain id, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

export interface CaipNetwork {
  id: number | string;
  caipNetworkId: CaipNetworkId;
  chainNamespace: ChainNamespace;
  name: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: { default: { http: readonly string[] } };
  blockExplorers?: { default: { name: string; url: string } };
  testnet?: boolean;
}

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL' | 'MULTI_CHAIN';

export interface Connector {
  /** Stable across reloads: an EIP-6963 connector's id is its rdns, so a reload finds it again. */
  id: string;
  name: string;
  type: ConnectorType;
  chain: ChainNamespace;
  imageUrl?: string;
  /** SPEC §3: the catalogue's image id of the wallet (GET /getWalletImage/{imageId}), when it is one. */
  imageId?: string;
  /** SPEC §3: the wallet's id in the catalogue (explorer), when it is one. */
  explorerId?: string;
  info?: { rdns?: string };
  /**
   * The wallet hosting the page (a Safe app opened inside Safe{Wallet}): it connects as soon as it
   * is found, without a prompt, when no wallet is connected.
   */
  autoConnect?: boolean;
}

export interface ConnectionResult {
  address: string;
  chainId: number | string;
  accounts: readonly string[];
  /** What the wallet told of its accounts beyond their addresses (type, public key, path), where it did. */
  accountDetails?: readonly ChainAccountDetails[];
}

/**
 * SPEC §3 "Account (library-level)": one account of a connection, with what its wallet gave of it.
 * The embedded wallet gives each key's public key and derivation path; a browser or WalletConnect
 * wallet usually gives the address alone.
 */
export interface ChainAccount {
  namespace: ChainNamespace;
  address: string;
  /** SPEC §3 account types ('eoa', 'smartAccount'; bip122's 'payment', 'ordinal'), when the wallet said which. */
  type?: string;
  /**
   * In the namespace's encoding: 0x hex (eip155's uncompressed secp256k1 key, polkadot's 32-byte
   * sr25519/ed25519 key), base58 (solana), hex without 0x as the wallet gave it (bip122; x-only for taproot).
   */
  publicKey?: string;
  /** The key's derivation path (BIP-32 / SLIP-0010), e.g. m/44'/60'/0'/0/0. */
  path?: string;
}

/** What a wallet tells of one of its accounts, the namespace being the adapter's. */
export type ChainAccountDetails = Omit<ChainAccount, 'namespace'>;

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

export interface Balance {
  /** Decimal string in whole units, e.g. "10000.5". */
  formatted: string;
  symbol: string;
  decimals: number;
  /** Raw value in the smallest unit. */
  value: bigint;
}

/** What an adapter tells the core about wallet-side changes. */
export interface AdapterEvents {
  connectorsChanged(connectors: readonly Connector[]): void;
  /** `details`: what the wallet told of the accounts beyond their addresses, where it did. */
  accountsChanged(connectorId: string, accounts: readonly string[], details?: readonly ChainAccountDetails[]): void;
  chainChanged(connectorId: string, chainId: number | string): void;
  disconnected(connectorId: string): void;
}

/**
 * One contract per chain namespace (DESIGN.md): the modal never asks "is this EVM?".
 * A new namespace is a new package implementing this.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace;
  /** Starts discovery and event forwarding; returns a cleanup. */
  setup(events: AdapterEvents): () => void;
  /**
   * Fetches the code a connection needs (a lazy body, address support) ahead of it. Called on the
   * visitor's intent (the button hovered or focused, the modal opened), never on page load: what
   * the page fetches before the click stays the modal alone (issue 29).
   */
  prefetch?(): void;
  getConnectors(): readonly Connector[];
  /** Waits (bounded) for a connector to appear, e.g. an EIP-6963 wallet announcing after a reload. */
  waitForConnector(connectorId: string, timeoutMs: number): Promise<Connector | undefined>;
  connect(params: { connectorId: string; network?: CaipNetwork }): Promise<ConnectionResult>;
  /**
   * Silent: resolves undefined when the wallet no longer authorizes this site. `network` is the
   * site's network in this namespace (a wallet without an active network, as on solana, uses it).
   */
  reconnect(params: { connectorId: string; network?: CaipNetwork }): Promise<ConnectionResult | undefined>;
  disconnect(params: { connectorId: string }): Promise<void>;
  switchNetwork(params: { connectorId: string; network: CaipNetwork }): Promise<void>;
  getBalance(params: { address: string; network: CaipNetwork }): Promise<Balance>;
  /** The canonical display form of an address (EIP-55 for eip155); throws on an invalid one. */
  normalizeAddress(address: string): string;
  signMessage(params: { connectorId: string; address: string; message: string }): Promise<string>;
  /**
   * SPEC §4 sign-in, as this namespace does it. 'eip4361': the core writes the EIP-4361 message (or
   * the site's backend does, `createMessage`) and asks signMessage. Otherwise the adapter's `signIn`
   * is the way. Without either, accounts of this namespace are not asked to sign in.
   */
  readonly signInStandard?: 'eip4361';
  /**
   * CAIP-122 sign-in: the adapter writes its namespace's message for the request (or lets the
   * wallet write it, as Wallet Standard `solana:signIn` does) and has the address sign it.
   */
  signIn?(params: { connectorId: string; address: string; network: CaipNetwork; request: SignInRequest }): Promise<SignedSignIn>;
  /** SPEC §3 account types: whether the address is a contract (smart) account on this network. */
  getAccountType?(params: { address: string; network: CaipNetwork }): Promise<'eoa' | 'smartAccount'>;
  /** CAIP-25: what a WalletConnect wallet is asked for in this namespace, for these networks. */
  walletConnectNamespace?(networks: readonly CaipNetwork[]): WalletConnectNamespaceRequest;
  /**
   * Routes a connector's calls to a remote session (WalletConnect) instead of a browser wallet;
   * `undefined` removes it. The adapter then connects, signs and switches through it as usual.
   */
  setRemoteProvider?(connector: Connector, provider: RemoteProvider | undefined): void;
  /** The site's own call to the connected wallet (e.g. eth_sendTransaction), as EIP-1193 `request`. */
  request?(params: { connectorId: string; method: string; params?: unknown }): Promise<unknown>;
  /** Gas units a send would use (Send's fee line and the native Max), in `sendFeeUnit`. */
  estimateSend?(params: SendParams): Promise<bigint>;
  /**
   * What estimateSend counts: 'gas' units, priced by the site's server's gas price (eip155), or
   * the fee itself in the native coin's smallest unit ('native', lamports on solana; the default).
   */
  readonly sendFeeUnit?: 'gas' | 'native';
  /** Asks the wallet to send the native coin or a token; resolves with the transaction's hash. */
  sendToken?(params: SendParams & { connectorId: string; gas?: bigint }): Promise<string>;
  /**
   * Asks the wallet to send the native coin or a token as an EIP-5792 batch of one call
   * (wallet_sendCalls); resolves with the batch's id. For a smart account, whose send is a user
   * operation: its bundler may replace the transaction that carries it, so Send follows the batch
   * (wallet_getCallsStatus, the user operation's receipt) rather than a first transaction hash.
   */
  sendTokenAsCalls?(params: SendParams & { connectorId: string }): Promise<string>;
  /** Resolves once the transaction is mined (SPEC §7 polling); rejects when `signal` aborts. */
  waitForTransaction?(params: { network: CaipNetwork; hash: string; signal?: AbortSignal }): Promise<'success' | 'reverted'>;
  /**
   * Why a mined transaction failed, in the node's words ('execution reverted: …', with the
   * contract's reason decoded where the adapter can); undefined when the node does not say.
   */
  transactionFailure?(params: { network: CaipNetwork; hash: string }): Promise<string | undefined>;
}

/** What the core fills of a sign-in message (SPEC §3 sign-in data); the adapter adds the account and the chain. */
export interface SignInRequest {
  domain: string;
  statement?: string;
  uri: string;
  version: '1';
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

/** A sign-in message and its signature, as the backend verifies them. */
export interface SignedSignIn {
  /** The exact text that was signed. */
  message: string;
  /** In the namespace's encoding (0x hex on eip155, base58 on solana). */
  signature: string;
}

/** A send of `amount` (smallest unit) of the native coin, or of `token`, to `receiver`. */
export interface SendParams {
  network: CaipNetwork;
  from: string;
  receiver: string;
  amount: bigint;
  token?: { address: string; decimals: number };
  /** Wei per gas, as the site's server suggests. */
  gasPrice?: bigint;
}

/** CAIP-25: chains, methods and events asked for in one namespace. */
export interface WalletConnectNamespaceRequest {
  chains: readonly string[];
  methods: readonly string[];
  events: readonly string[];
}

export type RemoteProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect';

/** An EIP-1193-shaped provider for one namespace of a remote wallet session. */
export interface RemoteProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: RemoteProviderEvent, listener: (...args: never[]) => void): void;
  removeListener(event: RemoteProviderEvent, listener: (...args: never[]) => void): void;
}

/**
 * SPEC §3 "Wallet list item": one wallet of the catalogue (GET /getWallets on the site's Cairn
 * server). Links are the wallet's deep-link bases; `walletconnect_uri_templates` hold `{uri}`.
 */
export interface WalletListItem {
  id: string;
  name: string;
  image_id: string;
  /** EIP-6963 rdns: an installed browser wallet announces the same one. */
  rdns: string | null;
  chains: readonly string[];
  homepage: string | null;
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  walletconnect_id: string | null;
  walletconnect_uri_templates: readonly string[];
}
