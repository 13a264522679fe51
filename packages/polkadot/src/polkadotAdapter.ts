import type { AdapterEvents, ChainAdapter } from '@cairn/core';
import { lazyModule, whenIdle } from '@cairn/core/internal';
import type { PolkadotAdapterOptions } from './extensionAdapter.ts';

/**
 * The adapter's body (extension discovery, SS58, signing) is a chunk fetched when the page is idle,
 * or at once for a connection; @polkadot/api is a further chunk, fetched for a balance or a send.
 * A site that adds Polkadot does not grow its first load.
 */
const body = lazyModule(() => import('./extensionAdapter.ts'));

/** The polkadot adapter: extensions found in `window.injectedWeb3`, balances and transfers through @polkadot/api. */
export function createPolkadotAdapter(options: PolkadotAdapterOptions = {}): ChainAdapter {
  let adapter: ChainAdapter | undefined;
  let loading: Promise<ChainAdapter> | undefined;
  let events: AdapterEvents | undefined;
  let cleanup: (() => void) | undefined;
  const load = () =>
    (loading ??= body.load().then(({ createExtensionAdapter }) => {
      adapter = createExtensionAdapter(options);
      if (events) cleanup = adapter.setup(events);
      return adapter;
    }));
  const loaded = () => {
    if (!adapter) throw new Error('Polkadot support is still loading');
    return adapter;
  };

  return {
    namespace: 'polkadot',
    setup(adapterEvents) {
      events = adapterEvents;
      const cancel = whenIdle(() => load().catch((error: unknown) => console.warn('[cairn] could not load Polkadot support', error)));
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
    getAccountType: async (params) => (await load()).getAccountType!(params),
    request: async (params) => (await load()).request!(params),
    estimateSend: async (params) => (await load()).estimateSend!(params),
    sendToken: async (params) => (await load()).sendToken!(params),
    waitForTransaction: async (params) => (await load()).waitForTransaction!(params),
  };
}

export type { PolkadotAdapterOptions };
