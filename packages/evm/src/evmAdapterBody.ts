import { type AdapterEvents, type Balance, type ChainAdapter, type ConnectionResult, type Connector } from '@cairn/core';
import { formatUnits, lazyModule } from '@cairn/core/internal';
import { providerErrorCode, ProviderErrorCode, type Eip1193Provider } from './eip1193.ts';
import type { EvmDiscovery } from './evmDiscovery.ts';
import { evmWalletConnectNamespace } from './evmWalletConnect.ts';

interface ConnectorEntry {
  connector: Connector;
  provider: Eip1193Provider;
  /** A remote session (WalletConnect): no EIP-2255 revoke; the core ends the session itself. */
  remote?: boolean;
}

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

/**
 * The eip155 adapter's body: the calls to the wallets the shell's discovery found (evmAdapter.ts),
 * and to a remote session's provider. A chunk of its own, fetched on intent or by the first call.
 */
/** EIP-5792's wallet_sendCalls answer: `{ id }` (2.0.0), or the id itself (the earlier drafts). */
function batchId(answer: unknown): string {
  const id = typeof answer === 'string' ? answer : typeof answer === 'object' && answer !== null ? (answer as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw new Error('The wallet returned an invalid batch id');
  return id;
}

export function createEvmAdapterBody(discovery: EvmDiscovery): ChainAdapter {
  let remoteEntries: ConnectorEntry[] = [];
  let events: AdapterEvents | undefined;
  const subscriptions = new Map<string, () => void>();

  const findEntry = (connectorId: string): ConnectorEntry | undefined =>
    remoteEntries.find((candidate) => candidate.connector.id === connectorId) ??
    discovery.wallets().find((candidate) => candidate.connector.id === connectorId);
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

    // The shell lists the wallets (connectorsChanged); the body hears the connected ones' events.
    setup(adapterEvents) {
      events = adapterEvents;
      return () => {
        for (const unsubscribe of [...subscriptions.values()]) unsubscribe();
        events = undefined;
      };
    },

    // On intent, not on page load: a wallet call awaits the module anyway, and loads it at once if needed.
    prefetch: () => void loadSupport().catch((error: unknown) => console.warn('[cairn] could not load EVM address support', error)),

    getConnectors: () => discovery.wallets().map((wallet) => wallet.connector),
    waitForConnector: (connectorId, timeoutMs) => discovery.waitForConnector(connectorId, timeoutMs),

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

    walletConnectNamespace: evmWalletConnectNamespace,

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

    async sendTokenAsCalls({ connectorId, ...params }) {
      const { provider } = entryFor(connectorId);
      const { sendCallsRequest } = await loadSendSupport();
      return batchId(await provider.request({ method: 'wallet_sendCalls', params: [sendCallsRequest(params)] }));
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
