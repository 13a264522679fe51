import type { AdapterEvents, Balance, CaipNetwork, ChainAdapter, ConnectionResult, SendParams } from '@cairn/core';
// The adapter's body: a chunk of its own (see bitcoinAdapter.ts).
import { formatUnits, preferredAccountsFirst, watchWalletRegistry } from '@cairn/core/internal';
import { buildSignInWithBitcoinMessage } from '@cairn/core/signIn';
import { getWallets, type Wallets } from '@wallet-standard/app';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { bitcoinAccountDetails } from './accountDetails.ts';
import { decodeBitcoinAddress, normalizeBitcoinAddress } from './address.ts';
import type { BitcoinChainSource } from './chainSource.ts';
import { bitcoinNetworkNameOf } from './defineNetwork.ts';
import { createEsploraClient } from './esplora/esploraClient.ts';
import { BITCOIN_NETWORK_NAMES } from './networks.ts';
import { feeRateOf, planTransfer } from './transfer.ts';
import { BitcoinWalletError, type BitcoinWalletAccount, type BitcoinWalletHandle } from './walletHandle.ts';
import { isBitcoinWallet, walletStandardWallet } from './walletStandardWallets.ts';
import { wbip004Wallets } from './wbip004Wallets.ts';

export interface BitcoinAdapterOptions {
  /** The Wallet Standard registry; the page's own (`getWallets()`) by default. */
  wallets?: Wallets;
  /** Where WBIP004 `btc_providers` are read; the page's `window` by default. */
  root?: object;
  /** The chain source of a network; an Esplora client to the network's configured URL by default. */
  chainSource?: (network: CaipNetwork) => BitcoinChainSource;
  /** Confirmation target (blocks) for the fee rate of a send. */
  feeTarget?: number;
}

interface Session {
  wallet: BitcoinWalletHandle;
  accounts: readonly BitcoinWalletAccount[];
  network: CaipNetwork;
  unsubscribe(): void;
}

const POLL_MS = 100;
const CONFIRMATION_POLL_MS = 1_000;

/** SPEC §4: the payment address leads (bip122's preferred account type), ordinals follow. */
const ordered = (accounts: readonly BitcoinWalletAccount[]) => preferredAccountsFirst('bip122', accounts, (account) => account.purpose);

export function createBitcoinAdapterBody(options: BitcoinAdapterOptions = {}): ChainAdapter {
  let registry: Wallets | undefined = options.wallets;
  const root = options.root ?? (typeof window === 'undefined' ? {} : window);
  let handles: BitcoinWalletHandle[] = [];
  let events: AdapterEvents | undefined;
  let stopWatching: (() => void) | undefined;
  const sessions = new Map<string, Session>();
  const sources = new Map<string, BitcoinChainSource>();

  const sourceFor = (network: CaipNetwork): BitcoinChainSource => {
    if (options.chainSource) return options.chainSource(network);
    const url = network.rpcUrls.default.http[0];
    if (!url) throw new Error(`No Esplora URL is configured for ${network.name}`);
    let source = sources.get(url);
    if (!source) sources.set(url, (source = createEsploraClient({ url })));
    return source;
  };

  const rebuild = () => {
    const standard = (registry?.get() ?? []).filter(isBitcoinWallet).map(walletStandardWallet);
    // A wallet found both ways is listed once, through the Wallet Standard.
    const names = new Set(standard.map((handle) => handle.connector.name));
    const injected = wbip004Wallets(root).filter((handle) => !names.has(handle.connector.name));
    const next = [...standard, ...injected];
    const changed = next.map((handle) => handle.connector.id).join('\n') !== handles.map((handle) => handle.connector.id).join('\n');
    handles = next;
    if (changed) events?.connectorsChanged(handles.map((handle) => handle.connector));
  };
  const startDiscovery = () => {
    if (stopWatching) return;
    stopWatching = watchWalletRegistry((registry ??= getWallets()), rebuild);
  };

  const walletFor = (connectorId: string) => {
    rebuild();
    const wallet = handles.find((handle) => handle.connector.id === connectorId);
    if (!wallet) throw new Error(`Wallet not found: ${connectorId}`);
    return wallet;
  };
  const sessionFor = (connectorId: string) => {
    const session = sessions.get(connectorId);
    if (!session) throw new Error('The Bitcoin wallet is not connected');
    return session;
  };
  const accountFor = (session: Session, address: string) => {
    const account = session.accounts.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase());
    if (!account) throw new Error(`The wallet does not hold ${address}`);
    return account;
  };

  const open = (connectorId: string, wallet: BitcoinWalletHandle, accounts: readonly BitcoinWalletAccount[], network: CaipNetwork | undefined): ConnectionResult => {
    if (!network || network.chainNamespace !== 'bip122') throw new Error('No Bitcoin network is configured');
    const name = bitcoinNetworkNameOf(network);
    const usable = ordered(accounts.filter((account) => {
      try {
        decodeBitcoinAddress(account.address, name);
        return true;
      } catch {
        return false;
      }
    }));
    if (usable.length === 0) throw new Error(`The wallet returned no Bitcoin address for ${network.name}`);
    sessions.get(connectorId)?.unsubscribe();
    const off = wallet.onAccountsChanged?.((changed) => {
      const session = sessions.get(connectorId);
      if (!session) return;
      const next = ordered(changed);
      sessions.set(connectorId, { ...session, accounts: next });
      events?.accountsChanged(connectorId, next.map((account) => account.address), bitcoinAccountDetails(next));
    });
    sessions.set(connectorId, { wallet, accounts: usable, network, unsubscribe: () => off?.() });
    return { address: usable[0]!.address, chainId: network.id, accounts: usable.map((account) => account.address), accountDetails: bitcoinAccountDetails(usable) };
  };

  const sendPlan = async (params: SendParams) => {
    if (params.token) throw new Error('Bitcoin sends carry BTC only');
    const name = bitcoinNetworkNameOf(params.network);
    const source = sourceFor(params.network);
    const [utxos, fees] = await Promise.all([source.getUtxos(params.from), source.getFeeEstimates()]);
    const target = options.feeTarget ?? 6;
    const rate = [...fees].filter(([blocks]) => blocks <= target).at(-1)?.[1] ?? [...fees.values()][0] ?? 1;
    return planTransfer({ utxos, from: params.from, receiver: params.receiver, amount: params.amount, feeRate: feeRateOf(rate), network: name });
  };

  return {
    namespace: 'bip122',

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

    getConnectors: () => handles.map((handle) => handle.connector),

    async waitForConnector(connectorId, timeoutMs) {
      startDiscovery();
      // WBIP004 has no announcement event: look again until the wallet is there or time is up.
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        rebuild();
        const found = handles.find((handle) => handle.connector.id === connectorId);
        if (found || Date.now() >= deadline) return found?.connector;
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(deadline - Date.now(), 0))));
      }
    },

    async connect({ connectorId, network }) {
      const wallet = walletFor(connectorId);
      const accounts = await wallet.connect(false);
      return open(connectorId, wallet, accounts ?? [], network);
    },

    async reconnect({ connectorId, network }) {
      const wallet = walletFor(connectorId);
      const accounts = await wallet.connect(true);
      if (!accounts || accounts.length === 0) return undefined;
      try {
        return open(connectorId, wallet, accounts, network);
      } catch {
        return undefined;
      }
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId);
      sessions.delete(connectorId);
      session?.unsubscribe();
      const wallet = session?.wallet ?? handles.find((handle) => handle.connector.id === connectorId);
      await wallet?.disconnect();
    },

    async switchNetwork({ connectorId, network }) {
      // A Bitcoin wallet's addresses belong to one network: the site names it with each call.
      const session = sessions.get(connectorId);
      if (session) sessions.set(connectorId, { ...session, network });
    },

    async getBalance({ address, network }): Promise<Balance> {
      const { total } = await sourceFor(network).getBalance(address);
      const { decimals, symbol } = network.nativeCurrency;
      return { value: total, decimals, symbol, formatted: formatUnits(total, decimals) };
    },

    normalizeAddress(address) {
      for (const name of BITCOIN_NETWORK_NAMES) {
        try {
          return normalizeBitcoinAddress(address.trim(), name);
        } catch {
          // another network's address, or none
        }
      }
      throw new Error(`Invalid Bitcoin address: ${address}`);
    },

    async getAccountType() {
      return 'eoa'; // a key's address; bip122's payment/ordinals split is the account's purpose
    },

    async signMessage({ connectorId, address, message }) {
      const session = sessionFor(connectorId);
      return session.wallet.signMessage(accountFor(session, address), message);
    },

    // Sign-in (CAIP-122 text, "Bitcoin account"), signed like any message: BIP-322 from the payment address.
    async signIn({ connectorId, address, network, request }) {
      const message = buildSignInWithBitcoinMessage({ ...request, address, chainId: String(network.id) });
      const session = sessionFor(connectorId);
      return { message, signature: await session.wallet.signMessage(accountFor(session, address), message) };
    },

    async request({ connectorId, method, params }) {
      // The site's own call (cairn.request) on bip122: sats-connect's signMessage, BIP-322 by default.
      if (method !== 'signMessage') throw new Error(`Unsupported Bitcoin request: ${method} (signMessage is)`);
      const { message, address } = (params ?? {}) as { message?: unknown; address?: unknown };
      if (typeof message !== 'string') throw new TypeError('signMessage: params.message must be a string');
      if (address !== undefined && typeof address !== 'string') throw new TypeError('signMessage: params.address must be a string');
      const session = sessionFor(connectorId);
      const account = address === undefined ? session.accounts[0]! : accountFor(session, address);
      return { address: account.address, signature: await session.wallet.signMessage(account, message) };
    },

    async estimateSend(params) {
      return (await sendPlan(params)).fee;
    },

    async sendToken({ connectorId, ...params }) {
      const session = sessionFor(connectorId);
      const account = accountFor(session, params.from);
      const { wallet } = session;
      if (wallet.signPsbt) {
        const plan = await sendPlan(params);
        const signed = Transaction.fromPSBT(await wallet.signPsbt(account, plan.psbt, Array.from({ length: plan.inputCount }, (_, index) => index)));
        try {
          signed.finalize();
        } catch {
          throw new BitcoinWalletError(-32603, 'The wallet did not sign every input');
        }
        return sourceFor(params.network).broadcast(hex.encode(signed.extract()));
      }
      if (wallet.sendTransfer) return wallet.sendTransfer(account, params.receiver, params.amount);
      throw new Error(`${wallet.connector.name} cannot send`);
    },

    async waitForTransaction({ network, hash, signal }) {
      const source = sourceFor(network);
      for (;;) {
        if (signal?.aborted) throw signal.reason ?? new Error('Aborted');
        const status = await source.getTransactionStatus(hash).catch(() => undefined);
        if (status?.confirmed) return 'success';
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, CONFIRMATION_POLL_MS);
          signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason ?? new Error('Aborted'))), { once: true });
        });
      }
    },
  };
}
