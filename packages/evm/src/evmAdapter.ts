import { type AdapterEvents, type Balance, type ChainAdapter, type ConnectionResult, type Connector } from '@cairn/core';
import { formatUnits, lazyModule } from '@cairn/core/internal';
import { isEip1193Provider, providerErrorCode, ProviderErrorCode, type Eip1193Provider } from './eip1193.ts';
import { watchAnnouncedWallets, type AnnouncedWallets } from './eip6963.ts';
import { INJECTED_CONNECTOR_ID, INJECTED_ICON } from './injectedConnector.ts';

export interface EvmAdapterOptions {
  /** The window to discover wallets in; the global one by default. */
  window?: Window;
}

interface ConnectorEntry {
  connector: Connector;
  provider: Eip1193Provider;
  /** A remote session (WalletConnect): no EIP-2255 revoke; the core ends the session itself. */
  remote?: boolean;
}

/** CAIP-25: what a WalletConnect wallet is asked to allow on eip155. */
export const EVM_WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const;
export const EVM_WALLET_CONNECT_EVENTS = ['chainChanged', 'accountsChanged'] as const;

/**
 * EIP-55 needs keccak, whose set-up and code cost a page's first load; the module is fetched on
 * intent (`prefetch`) and awaited by every wallet call, so it is always there when an address arrives.
 */
const walletCallSupport = lazyModule(() => import('./walletCallSupport.ts'));
const loadSupport = () => walletCallSupport.load();
const sendSupport = lazyModule(() => import('./sendSupport.ts'));
const loadSendSupport = () => sendSupport.load();

function normalizeEvmAddress(address: unknown): `0x${string}` {
  const support = walletCallSupport.loaded();
  if (!support) throw new Error('EVM address support is still loading');
  return support.normalizeEvmAddress(address);
}

const parseChainId = (value: unknown): number => {
  const chainId = typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : Number(value);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Wallet returned an invalid chain id: ${String(value)}`);
  return chainId;
};

const parseAccounts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The eip155 adapter: EIP-6963 announced wallets and a plain injected `window.ethereum`. */
export function createEvmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  let entries: ConnectorEntry[] = [];
  let remoteEntries: ConnectorEntry[] = [];
  let announced: AnnouncedWallets | undefined;
  let events: AdapterEvents | undefined;
  const waiters = new Set<() => void>();
  const subscriptions = new Map<string, () => void>();

  const rebuild = () => {
    const details = announced?.list() ?? [];
    const next: ConnectorEntry[] = details.map(({ info, provider }) => ({
      provider,
      connector: { id: info.rdns, name: info.name, type: 'ANNOUNCED', chain: 'eip155', imageUrl: info.icon, info: { rdns: info.rdns } },
    }));
    // A plain window.ethereum is listed only when no announcement already covers it.
    const injected = (win as { ethereum?: unknown } | undefined)?.ethereum;
    if (isEip1193Provider(injected) && !details.some((detail) => detail.provider === injected)) {
      next.push({
        provider: injected,
        connector: { id: INJECTED_CONNECTOR_ID, name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', imageUrl: INJECTED_ICON },
      });
    }
    entries = next;
    events?.connectorsChanged(entries.map((entry) => entry.connector));
    for (const wake of [...waiters]) wake();
  };

  const findEntry = (connectorId: string) =>
    remoteEntries.find((candidate) => candidate.connector.id === connectorId) ??
    entries.find((candidate) => candidate.connector.id === connectorId);
  const entryFor = (connectorId: string): ConnectorEntry => {
    const entry = findEntry(connectorId);
    if (!entry) throw new Error(`Wallet not found: ${connectorId}`);
    return entry;
  };

  const subscribe = (connectorId: string, provider: Eip1193Provider) => {
    subscriptions.get(connectorId)?.();
    const onAccounts = (accounts: unknown) => events?.accountsChanged(connectorId, parseAccounts(accounts));
    const onChain = (chainId: unknown) => {
      try {
        events?.chainChanged(connectorId, parseChainId(chainId));
      } catch (error) {
        console.warn('[cairn] ignoring chainChanged', error);
      }
    };
    const onDisconnect = (error?: { code?: number }) => {
      // EIP-1193: 4901 means one chain is unreachable, not that the wallet disconnected.
      if (error?.code === ProviderErrorCode.chainDisconnected) return;
      events?.disconnected(connectorId);
    };
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);
    provider.on?.('disconnect', onDisconnect);
    subscriptions.set(connectorId, () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
      provider.removeListener?.('disconnect', onDisconnect);
      subscriptions.delete(connectorId);
    });
  };

  const readConnection = async (provider: Eip1193Provider, accounts: string[]): Promise<ConnectionResult> => {
    await loadSupport();
    const chainId = parseChainId(await provider.request({ method: 'eth_chainId' }));
    const valid = accounts.map((account) => normalizeEvmAddress(account));
    return { address: valid[0]!, chainId, accounts: valid };
  };

  return {
    namespace: 'eip155',
    signInStandard: 'eip4361',
    sendFeeUnit: 'gas',

    setup(adapterEvents) {
      events = adapterEvents;
      if (!win) return () => {};
      announced = watchAnnouncedWallets(win, rebuild);
      rebuild();
      return () => {
        announced?.stop();
        for (const unsubscribe of [...subscriptions.values()]) unsubscribe();
        events = undefined;
      };
    },

    // On intent, not on page load: a wallet call awaits the module anyway, and loads it at once if needed.
    prefetch: () => void loadSupport().catch((error: unknown) => console.warn('[cairn] could not load EVM address support', error)),

    getConnectors: () => entries.map((entry) => entry.connector),

    waitForConnector(connectorId, timeoutMs) {
      const find = () => entries.find((entry) => entry.connector.id === connectorId)?.connector;
      const found = find();
      if (found || !win) return Promise.resolve(found);
      return new Promise((resolve) => {
        const done = (value: Connector | undefined) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(value);
        };
        const wake = () => {
          const connector = find();
          if (connector) done(connector);
        };
        const timer = setTimeout(() => done(find()), timeoutMs);
        waiters.add(wake);
        announced?.request();
      });
    },

    async connect({ connectorId }) {
      const { provider } = entryFor(connectorId);
      const accounts = parseAccounts(await provider.request({ method: 'eth_requestAccounts' }));
      if (accounts.length === 0) throw new Error('The wallet returned no accounts');
      const result = await readConnection(provider, accounts);
      subscribe(connectorId, provider);
      return result;
    },

    async reconnect({ connectorId }) {
      const { provider } = entryFor(connectorId);
      const accounts = parseAccounts(await provider.request({ method: 'eth_accounts' }));
      if (accounts.length === 0) return undefined;
      const result = await readConnection(provider, accounts);
      subscribe(connectorId, provider);
      return result;
    },

    async disconnect({ connectorId }) {
      const entry = findEntry(connectorId);
      subscriptions.get(connectorId)?.();
      if (!entry || entry.remote) return;
      try {
        // EIP-2255: lets the wallet forget this site, so a reload does not reconnect silently.
        await entry.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
      } catch (error) {
        const code = providerErrorCode(error);
        if (code !== ProviderErrorCode.unsupportedMethod && code !== ProviderErrorCode.methodNotFound) throw error;
      }
    },

    async switchNetwork({ connectorId, network }) {
      const { provider } = entryFor(connectorId);
      const { numberToHex, addChainParameter } = await loadSupport();
      const chainId = numberToHex(Number(network.id));
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      } catch (error) {
        if (providerErrorCode(error) !== ProviderErrorCode.unrecognizedChain) throw error;
        await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameter(network)] });
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
    },

    async getBalance({ address, network }): Promise<Balance> {
      const url = network.rpcUrls.default.http[0];
      if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`);
      const { jsonRpcRequest } = await loadSupport();
      const hex = await jsonRpcRequest<string>(url, 'eth_getBalance', [normalizeEvmAddress(address), 'latest']);
      const value = BigInt(hex);
      const { decimals, symbol } = network.nativeCurrency;
      return { value, decimals, symbol, formatted: formatUnits(value, decimals) };
    },

    normalizeAddress: (address) => normalizeEvmAddress(address),

    walletConnectNamespace: (networks) => ({
      chains: networks.map((network) => network.caipNetworkId),
      methods: [...EVM_WALLET_CONNECT_METHODS],
      events: [...EVM_WALLET_CONNECT_EVENTS],
    }),

    setRemoteProvider(connector, provider) {
      subscriptions.get(connector.id)?.();
      remoteEntries = remoteEntries.filter((entry) => entry.connector.id !== connector.id);
      if (provider) remoteEntries.push({ connector, provider: provider as Eip1193Provider, remote: true });
    },

    async request({ connectorId, method, params }) {
      const { provider } = entryFor(connectorId);
      return provider.request({ method, ...(params === undefined ? {} : { params: params as readonly unknown[] | object }) });
    },

    async getAccountType({ address, network }) {
      const url = network.rpcUrls.default.http[0];
      if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`);
      const { jsonRpcRequest } = await loadSupport();
      const code = await jsonRpcRequest<string>(url, 'eth_getCode', [normalizeEvmAddress(address), 'latest']);
      return code && code !== '0x' ? 'smartAccount' : 'eoa';
    },

    async estimateSend(params) {
      const { estimateSendGas } = await loadSendSupport();
      return estimateSendGas(params);
    },

    async sendToken({ connectorId, gas, ...params }) {
      const { provider } = entryFor(connectorId);
      const { sendTransactionRequest, numberToHex } = await loadSendSupport();
      const transaction = {
        ...sendTransactionRequest(params),
        ...(gas !== undefined ? { gas: numberToHex(gas) } : {}),
        ...(params.gasPrice !== undefined ? { gasPrice: numberToHex(params.gasPrice) } : {}),
      };
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] });
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error('The wallet returned an invalid transaction hash');
      return hash;
    },

    async waitForTransaction(params) {
      const { waitForEvmTransaction } = await loadSendSupport();
      return waitForEvmTransaction(params);
    },

    async transactionFailure(params) {
      const { evmTransactionFailure } = await loadSendSupport();
      return evmTransactionFailure(params);
    },

    async signMessage({ connectorId, address, message }) {
      const { provider } = entryFor(connectorId);
      const { stringToHex } = await loadSupport();
      const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), normalizeEvmAddress(address)] });
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new Error('The wallet returned an invalid signature');
      return signature;
    },
  };
}
