import type { AdapterEvents, ChainAdapter } from '@cairn/core';
import { lazyModule, whenIdle } from '@cairn/core/internal';
import type { BitcoinAdapterOptions } from './bitcoinAdapterBody.ts';

/**
 * The adapter's body (wallet discovery, the Esplora client, @scure/btc-signer for sends) is a chunk
 * fetched when the page is idle, or at once for a connection: adding Bitcoin does not grow a
 * site's first load.
 */
const body = lazyModule(() => import('./bitcoinAdapterBody.ts'));

/** The bip122 adapter: WBIP004 and Wallet Standard wallets, balances and sends through Esplora. */
export function createBitcoinAdapter(options: BitcoinAdapterOptions = {}): ChainAdapter {
  let adapter: ChainAdapter | undefined;
  let loading: Promise<ChainAdapter> | undefined;
  let events: AdapterEvents | undefined;
  let cleanup: (() => void) | undefined;
  const load = () =>
    (loading ??= body.load().then(({ createBitcoinAdapterBody }) => {
      adapter = createBitcoinAdapterBody(options);
      if (events) cleanup = adapter.setup(events);
      return adapter;
    }));
  const loaded = () => {
    if (!adapter) throw new Error('Bitcoin support is still loading');
    return adapter;
  };

  return {
    namespace: 'bip122',
    setup(adapterEvents) {
      events = adapterEvents;
      const cancel = whenIdle(() => load().catch((error: unknown) => console.warn('[cairn] could not load Bitcoin support', error)));
      return () => {
        cancel();
        cleanup?.();
        events = undefined;
      };
    },
    getConnectors: () => adapter?.getConnectors() ?? [],
    waitForConnector: async (connectorId, timeoutMs) => (await load()).waitForConnector(connectorId, timeoutMs),
    connect: async (params) => (await load()).connect(params),
    reconnect: async (params) => (await load()).reconnect(params),
    disconnect: async (params) => (await load()).disconnect(params),
    switchNetwork: async (params) => (await load()).switchNetwork(params),
    getBalance: async (params) => (await load()).getBalance(params),
    // Synchronous by contract; an address only reaches it after a connection, when the body is here.
    normalizeAddress: (address) => loaded().normalizeAddress(address),
    signMessage: async (params) => (await load()).signMessage(params),
    request: async (params) => (await load()).request!(params),
    getAccountType: async (params) => (await load()).getAccountType!(params),
    estimateSend: async (params) => (await load()).estimateSend!(params),
    sendToken: async (params) => (await load()).sendToken!(params),
    waitForTransaction: async (params) => (await load()).waitForTransaction!(params),
  };
}

export type { BitcoinAdapterOptions };
