import type { AdapterEvents, Balance, CaipNetwork, ChainAccountDetails, ChainAdapter, ConnectionResult, Connector } from '@cairn/core';
// The adapter's body: a chunk of its own (see solanaAdapter.ts), with Wallet Standard discovery.
import { formatUnits, lazyModule, watchWalletRegistry } from '@cairn/core/internal';
import { buildSignInWithSolanaMessage, readSignInWithSolanaMessage, signInWithSolanaChainId } from '@cairn/core/signIn';
import { getWallets, type Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { base58Encode } from './base58.ts';
import { isSolanaAddress, normalizeSolanaAddress } from './address.ts';
import { walletStandardChain } from './defineNetwork.ts';
import { solanaRpc } from './solanaRpc.ts';
import { remoteSolanaWallet } from './remoteWallet.ts';
import {
  CONNECT,
  connectorIdOf,
  DISCONNECT,
  EVENTS,
  feature,
  isSolanaWallet,
  SIGN_AND_SEND_TRANSACTION,
  SIGN_IN,
  SIGN_MESSAGE,
  SIGN_TRANSACTION,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type SignAndSendTransactionFeature,
  type SignInFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
} from './walletFeatures.ts';

export interface SolanaAdapterOptions {
  /** The Wallet Standard registry; the page's own (`getWallets()`) by default. */
  wallets?: Wallets;
}

const sendSupport = lazyModule(() => import('./sendSupport.ts'));

interface Session {
  wallet: Wallet;
  account: WalletAccount;
  network: CaipNetwork;
  unsubscribe(): void;
}

const solanaAccounts = (accounts: readonly WalletAccount[]) =>
  accounts.filter((account) => account.chains.some((chain) => chain.startsWith('solana:')) && isSolanaAddress(account.address));

/** SPEC §3 library-level account details: solana accounts are eoa; a Wallet Standard account gives its 32-byte key. */
export const solanaAccountDetails = (accounts: readonly WalletAccount[]): ChainAccountDetails[] =>
  accounts.map((account) => {
    const key = account.publicKey instanceof Uint8Array || Array.isArray(account.publicKey) ? Uint8Array.from(account.publicKey) : undefined;
    return { address: account.address, type: 'eoa', ...(key?.length === 32 ? { publicKey: base58Encode(key) } : {}) };
  });

/** The solana adapter: wallets found through the Wallet Standard. */
export function createWalletStandardAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  let registry: Wallets | undefined = options.wallets;
  let wallets: Wallet[] = [];
  let events: AdapterEvents | undefined;
  let stopWatching: (() => void) | undefined;
  const sessions = new Map<string, Session>();
  const waiters = new Set<() => void>();
  /** Remote sessions (the e-mail login's frame), by their connector's id, as wallets of their own. */
  const remote = new Map<string, Wallet>();

  const connectorOf = (wallet: Wallet): Connector => ({
    id: connectorIdOf(wallet),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'solana',
    imageUrl: wallet.icon,
  });
  const rebuild = () => {
    wallets = (registry?.get() ?? []).filter(isSolanaWallet);
    events?.connectorsChanged(wallets.map(connectorOf));
    for (const wake of [...waiters]) wake();
  };
  const startDiscovery = () => {
    if (stopWatching || !events) return;
    stopWatching = watchWalletRegistry((registry ??= getWallets()), rebuild);
  };

  const walletFor = (connectorId: string): Wallet => {
    const wallet = remote.get(connectorId) ?? wallets.find((candidate) => connectorIdOf(candidate) === connectorId);
    if (!wallet) throw new Error(`Wallet not found: ${connectorId}`);
    return wallet;
  };
  const sessionFor = (connectorId: string, address?: string): Session => {
    const session = sessions.get(connectorId);
    if (!session) throw new Error('The Solana wallet is not connected');
    if (address !== undefined && session.account.address !== address) {
      const account = solanaAccounts(session.wallet.accounts).find((candidate) => candidate.address === address);
      if (!account) throw new Error(`The wallet does not hold ${address}`);
      return { ...session, account };
    }
    return session;
  };

  const open = (connectorId: string, wallet: Wallet, accounts: readonly WalletAccount[], network: CaipNetwork | undefined): ConnectionResult | undefined => {
    const usable = solanaAccounts(accounts);
    if (usable.length === 0) return undefined;
    if (!network || network.chainNamespace !== 'solana') throw new Error('No Solana network is configured');
    sessions.get(connectorId)?.unsubscribe();
    const off = feature<EventsFeature>(wallet, EVENTS)?.on('change', ({ accounts: changed }) => {
      if (!changed) return;
      const next = solanaAccounts(changed);
      const session = sessions.get(connectorId);
      if (session && next[0]) sessions.set(connectorId, { ...session, account: next[0] });
      events?.accountsChanged(connectorId, next.map((account) => account.address), solanaAccountDetails(next));
    });
    sessions.set(connectorId, { wallet, account: usable[0]!, network, unsubscribe: () => off?.() });
    return { address: usable[0]!.address, chainId: network.id, accounts: usable.map((account) => account.address), accountDetails: solanaAccountDetails(usable) };
  };

  async function signMessage(connectorId: string, address: string, message: string): Promise<string> {
    const { wallet, account } = sessionFor(connectorId, address);
    const signer = feature<SignMessageFeature>(wallet, SIGN_MESSAGE);
    if (!signer) throw new Error(`${wallet.name} cannot sign messages`);
    const [signed] = await signer.signMessage({ account, message: new TextEncoder().encode(message) });
    if (!signed || !(signed.signature instanceof Uint8Array) || signed.signature.length !== 64) throw new Error('The wallet returned an invalid signature');
    return base58Encode(signed.signature);
  }

  return {
    namespace: 'solana',
    sendFeeUnit: 'native',

    setup(adapterEvents) {
      events = adapterEvents;
      startDiscovery();
      return () => {
        stopWatching?.();
        stopWatching = undefined;
        for (const session of sessions.values()) session.unsubscribe();
        events = undefined;
      };
    },

    getConnectors: () => wallets.map(connectorOf),

    setRemoteProvider(connector, provider) {
      sessions.get(connector.id)?.unsubscribe();
      sessions.delete(connector.id);
      if (provider) remote.set(connector.id, remoteSolanaWallet(connector, provider));
      else remote.delete(connector.id);
    },

    async waitForConnector(connectorId, timeoutMs) {
      startDiscovery();
      const find = () => wallets.find((wallet) => connectorIdOf(wallet) === connectorId);
      const found = find();
      if (found) return connectorOf(found);
      return new Promise((resolve) => {
        const done = (wallet: Wallet | undefined) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(wallet ? connectorOf(wallet) : undefined);
        };
        const wake = () => {
          const wallet = find();
          if (wallet) done(wallet);
        };
        const timer = setTimeout(() => done(find()), timeoutMs);
        waiters.add(wake);
      });
    },

    async connect({ connectorId, network }) {
      const wallet = walletFor(connectorId);
      const connect = feature<ConnectFeature>(wallet, CONNECT);
      if (!connect) throw new Error(`${wallet.name} cannot connect`);
      const { accounts } = await connect.connect();
      const result = open(connectorId, wallet, accounts, network);
      if (!result) throw new Error('The wallet returned no Solana account');
      return result;
    },

    async reconnect({ connectorId, network }) {
      const wallet = walletFor(connectorId);
      const connect = feature<ConnectFeature>(wallet, CONNECT);
      if (!connect) return undefined;
      // Silent: a wallet that no longer trusts the site answers with no accounts instead of a prompt.
      const { accounts } = await connect.connect({ silent: true });
      return open(connectorId, wallet, accounts, network);
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId);
      sessions.delete(connectorId);
      session?.unsubscribe();
      const wallet = session?.wallet ?? remote.get(connectorId) ?? wallets.find((candidate) => connectorIdOf(candidate) === connectorId);
      if (wallet) await feature<DisconnectFeature>(wallet, DISCONNECT)?.disconnect();
    },

    async switchNetwork({ connectorId, network }) {
      // A Solana wallet has no active cluster: the site names the chain with each transaction.
      const session = sessions.get(connectorId);
      if (session) sessions.set(connectorId, { ...session, network });
    },

    async getBalance({ address, network }): Promise<Balance> {
      const { value } = await solanaRpc<{ value: number }>(network, 'getBalance', [normalizeSolanaAddress(address), { commitment: 'confirmed' }]);
      const lamports = BigInt(value);
      const { decimals, symbol } = network.nativeCurrency;
      return { value: lamports, decimals, symbol, formatted: formatUnits(lamports, decimals) };
    },

    normalizeAddress: (address) => normalizeSolanaAddress(address),

    async getAccountType() {
      return 'eoa'; // SPEC §4: solana accounts are eoa
    },

    signMessage: ({ connectorId, address, message }) => signMessage(connectorId, address, message),

    // Sign In With Solana: through the wallet's own solana:signIn where it has one (it writes the
    // text, which it may show as a sign-in), else the same text signed as a message.
    async signIn({ connectorId, address, network, request }) {
      const { wallet } = sessionFor(connectorId, address);
      const fields = { ...request, address, chainId: signInWithSolanaChainId(String(network.id)) };
      const signer = feature<SignInFeature>(wallet, SIGN_IN);
      if (!signer) {
        const message = buildSignInWithSolanaMessage(fields);
        return { message, signature: await signMessage(connectorId, address, message) };
      }
      const [output] = await signer.signIn(fields);
      if (!output || output.account.address !== address) throw new Error('The wallet signed in with another account');
      if ((output.signatureType ?? 'ed25519') !== 'ed25519' || !(output.signature instanceof Uint8Array) || output.signature.length !== 64) {
        throw new Error('The wallet returned an invalid signature');
      }
      const message = new TextDecoder('utf-8', { fatal: true }).decode(output.signedMessage);
      // The wallet wrote the text: it must be this sign-in's (a wrong one would only be refused later, less clearly).
      const read = readSignInWithSolanaMessage(message);
      if (read.address !== address || read.nonce !== request.nonce || read.domain !== request.domain) throw new Error('The wallet signed another sign-in message');
      return { message, signature: base58Encode(output.signature) };
    },

    async estimateSend(params) {
      return (await sendSupport.load()).estimateSolanaSend(params);
    },

    async sendToken({ connectorId, ...params }) {
      const { wallet, account } = sessionFor(connectorId, normalizeSolanaAddress(params.from));
      const support = await sendSupport.load();
      const transaction = await support.buildSendTransaction(params);
      const chain = walletStandardChain(params.network);
      const signAndSend = feature<SignAndSendTransactionFeature>(wallet, SIGN_AND_SEND_TRANSACTION);
      if (signAndSend) {
        const [sent] = await signAndSend.signAndSendTransaction({ account, chain, transaction, options: { commitment: 'confirmed' } });
        if (!sent || !(sent.signature instanceof Uint8Array) || sent.signature.length !== 64) throw new Error('The wallet returned an invalid signature');
        return base58Encode(sent.signature);
      }
      const signer = feature<SignTransactionFeature>(wallet, SIGN_TRANSACTION);
      if (!signer) throw new Error(`${wallet.name} cannot sign transactions`);
      const [signed] = await signer.signTransaction({ account, chain, transaction });
      if (!signed) throw new Error('The wallet returned no transaction');
      return support.sendRawTransaction(params.network, signed.signedTransaction);
    },

    async waitForTransaction(params) {
      return (await sendSupport.load()).waitForSolanaTransaction(params);
    },
  };
}
