// The adapter's body: a chunk of its own (see polkadotAdapter.ts), with extension discovery,
// connection and message signing. The chain code (@polkadot/api) is a further chunk, chain.ts.
import type { AdapterEvents, CaipNetwork, ChainAdapter, ConnectionResult, Connector } from '@cairn/core';
import { lazyModule } from '@cairn/core/internal';
import { buildSignInWithPolkadotMessage } from '@cairn/core/signIn';
import { polkadotAccountDetails } from './accountDetails.ts';
import { accountMatchesNetwork } from './defineNetwork.ts';
import { extensionName, injectedExtensions, usableAccounts, type Injected, type InjectedAccount, type InjectedWindowProvider } from './injected.ts';
import { toHex } from './hex.ts';
import { asUserRejection } from './rejection.ts';
import { isPolkadotAddress, normalizePolkadotAddress } from './ss58.ts';

export interface PolkadotAdapterOptions {
  /** The name extensions show when they ask the visitor to allow this site; the page's host by default. */
  appName?: string;
  /** Where extensions inject themselves; the page's `window` by default. */
  target?: { injectedWeb3?: unknown };
}

const chain = lazyModule(() => import('./chain.ts'));

/** Extensions inject their entry a moment after the page starts: look again for this long. */
const LATE_INJECTION_MS = 3_000;
const RESCAN_MS = 250;
const MAX_MESSAGE_BYTES = 64 * 1024;

interface Session {
  key: string;
  injected: Injected;
  accounts: InjectedAccount[];
  network: CaipNetwork;
  unsubscribe(): void;
}

const connectorIdOf = (key: string) => `polkadot:${key}`;

/** The polkadot adapter: extensions found in `window.injectedWeb3`. */
export function createExtensionAdapter(options: PolkadotAdapterOptions = {}): ChainAdapter {
  const target = () => options.target ?? (typeof window === 'undefined' ? undefined : (window as { injectedWeb3?: unknown }));
  const appName = () => options.appName ?? (typeof location === 'undefined' ? 'Cairn' : location.host);
  let extensions: [string, InjectedWindowProvider][] = [];
  let events: AdapterEvents | undefined;
  let rescan: ReturnType<typeof setInterval> | undefined;
  const sessions = new Map<string, Session>();

  const connectorOf = (key: string): Connector => ({ id: connectorIdOf(key), name: extensionName(key), type: 'INJECTED', chain: 'polkadot' });
  const scan = () => {
    const found = injectedExtensions(target());
    const changed = found.length !== extensions.length || found.some(([key], index) => extensions[index]?.[0] !== key);
    extensions = found;
    if (changed) events?.connectorsChanged(found.map(([key]) => connectorOf(key)));
  };
  const extensionFor = (connectorId: string): [string, InjectedWindowProvider] => {
    scan();
    const found = extensions.find(([key]) => connectorIdOf(key) === connectorId);
    if (!found) throw new Error(`Wallet not found: ${connectorId}`);
    return found;
  };
  const sessionFor = (connectorId: string, address?: string): Session & { address: string } => {
    const session = sessions.get(connectorId);
    if (!session || !session.accounts[0]) throw new Error('The Polkadot extension is not connected');
    if (address === undefined) return { ...session, address: session.accounts[0].address };
    const wanted = normalizePolkadotAddress(address);
    const account = session.accounts.find((candidate) => normalizePolkadotAddress(candidate.address) === wanted);
    if (!account) throw new Error(`The extension does not hold ${address}`);
    return { ...session, address: account.address };
  };

  const open = async (connectorId: string, network: CaipNetwork | undefined): Promise<ConnectionResult | undefined> => {
    if (!network || network.chainNamespace !== 'polkadot') throw new Error('No Polkadot network is configured');
    const [key, provider] = extensionFor(connectorId);
    let injected: Injected;
    try {
      injected = await provider.enable!(appName());
    } catch (error) {
      throw asUserRejection(error);
    }
    const accountsFor = (listed: readonly InjectedAccount[]) =>
      usableAccounts(listed, isPolkadotAddress).filter((account) => accountMatchesNetwork(account.genesisHash, network));
    const accounts = accountsFor(await injected.accounts.get());
    if (accounts.length === 0) return undefined;
    sessions.get(connectorId)?.unsubscribe();
    const off = injected.accounts.subscribe?.((listed) => {
      const session = sessions.get(connectorId);
      if (!session) return;
      const next = accountsFor(listed);
      sessions.set(connectorId, { ...session, accounts: next });
      if (next.length === 0) events?.disconnected(connectorId);
      else events?.accountsChanged(connectorId, next.map((account) => account.address), polkadotAccountDetails(next));
    });
    sessions.set(connectorId, { key, injected, accounts, network, unsubscribe: () => off?.() });
    return { address: accounts[0]!.address, chainId: network.id, accounts: accounts.map((account) => account.address), accountDetails: polkadotAccountDetails(accounts) };
  };

  const signMessage: ChainAdapter['signMessage'] = async ({ connectorId, address, message }) => {
    const session = sessionFor(connectorId, address);
    const bytes = new TextEncoder().encode(message);
    if (bytes.length === 0 || bytes.length > MAX_MESSAGE_BYTES) throw new Error(`A message to sign must be 1 to ${MAX_MESSAGE_BYTES} bytes`);
    const signRaw = session.injected.signer.signRaw?.bind(session.injected.signer);
    if (!signRaw) throw new Error(`${extensionName(session.key)} cannot sign messages`);
    let signature: unknown;
    try {
      ({ signature } = await signRaw({ address: session.address, data: toHex(bytes), type: 'bytes' }));
    } catch (error) {
      throw asUserRejection(error);
    }
    // sr25519 and ed25519 signatures are 64 bytes; ecdsa ones 65 (with a leading type byte, 66).
    if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130}|[0-9a-fA-F]{132})$/.test(signature)) {
      throw new Error('The extension returned an invalid signature');
    }
    return signature;
  };

  return {
    namespace: 'polkadot',

    setup(adapterEvents) {
      events = adapterEvents;
      scan();
      const until = Date.now() + LATE_INJECTION_MS;
      rescan = setInterval(() => {
        scan();
        if (Date.now() > until) clearInterval(rescan);
      }, RESCAN_MS);
      return () => {
        clearInterval(rescan);
        for (const session of sessions.values()) session.unsubscribe();
        sessions.clear();
        events = undefined;
      };
    },

    getConnectors: () => extensions.map(([key]) => connectorOf(key)),

    async waitForConnector(connectorId, timeoutMs) {
      const deadline = Date.now() + Math.max(0, timeoutMs);
      for (;;) {
        scan();
        const found = extensions.find(([key]) => connectorIdOf(key) === connectorId);
        if (found) return connectorOf(found[0]);
        if (Date.now() >= deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, Math.min(RESCAN_MS, deadline - Date.now())));
      }
    },

    async connect({ connectorId, network }) {
      const result = await open(connectorId, network);
      if (!result) throw new Error('The extension shared no Polkadot account with this site');
      return result;
    },

    // An extension that already allowed this site answers enable() without asking again.
    reconnect: ({ connectorId, network }) => open(connectorId, network),

    async disconnect({ connectorId }) {
      // Extensions have no disconnect: the site forgets the accounts and stops listening.
      sessions.get(connectorId)?.unsubscribe();
      sessions.delete(connectorId);
    },

    async switchNetwork({ connectorId, network }) {
      // An extension has no active chain: the site names the chain with each transaction.
      const session = sessions.get(connectorId);
      if (session) sessions.set(connectorId, { ...session, network });
    },

    getBalance: async (params) => (await chain.load()).getPolkadotBalance(params),

    normalizeAddress: (address) => normalizePolkadotAddress(address),

    async getAccountType() {
      return 'eoa'; // SPEC §4: polkadot accounts are eoa
    },

    signMessage,

    // Sign-in (CAIP-122 text, "Polkadot account"), signed with signRaw like any message.
    async signIn({ connectorId, address, network, request }) {
      const message = buildSignInWithPolkadotMessage({ ...request, address, chainId: String(network.id) });
      return { message, signature: await signMessage({ connectorId, address, message }) };
    },

    async request({ connectorId, method, params }) {
      // The CAIP-25 polkadot method a WalletConnect wallet also answers: { address, message }.
      if (method !== 'polkadot_signMessage') throw new Error(`The polkadot adapter does not forward ${method}`);
      const { address, message } = (typeof params === 'object' && params !== null ? params : {}) as { address?: unknown; message?: unknown };
      if (typeof message !== 'string') throw new TypeError('polkadot_signMessage: params must be { address?, message } with a string message');
      if (address !== undefined && typeof address !== 'string') throw new TypeError('polkadot_signMessage: address must be a string');
      const signature = await signMessage({ connectorId, address: address ?? sessionFor(connectorId).address, message });
      return { signature };
    },

    estimateSend: async (params) => (await chain.load()).estimatePolkadotSend(params),

    async sendToken({ connectorId, gas: _gas, ...params }) {
      const session = sessionFor(connectorId, params.from);
      if (!session.injected.signer.signPayload) throw new Error(`${extensionName(session.key)} cannot sign transactions`);
      return (await chain.load()).sendPolkadotTransfer({ ...params, from: session.address, signer: session.injected.signer });
    },

    waitForTransaction: async (params) => (await chain.load()).waitForPolkadotTransaction(params),
  };
}
