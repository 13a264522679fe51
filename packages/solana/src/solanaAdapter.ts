import type { AdapterEvents, ChainAdapter } from '@cairn/core';
import { lazyModule, whenIdle } from '@cairn/core/internal';
import type { SolanaAdapterOptions } from './walletStandardAdapter.ts';

/**
 * The adapter's body (Wallet Standard discovery, base58, RPC reads) is a chunk fetched when the
 * page is idle, or at once for a connection; a site that adds Solana does not grow its first load.
 */
const body = lazyModule(() => import('./walletStandardAdapter.ts'));

/** The solana adapter: wallets found through the Wallet Standard, SOL and SPL token sends. */
export function createSolanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  let adapter: ChainAdapter | undefined;
  let loading: Promise<ChainAdapter> | undefined;
  let events: AdapterEvents | undefined;
  let cleanup: (() => void) | undefined;
  const load = () =>
    (loading ??= body.load().then(({ createWalletStandardAdapter }) => {
      adapter = createWalletStandardAdapter(options);
      if (events) cleanup = adapter.setup(events);
      return adapter;
    }));
  const loaded = () => {
    if (!adapter) throw new Error('Solana support is still loading');
    return adapter;
  };

  return {
    namespace: 'solana',
    sendFeeUnit: 'native',
    setup(adapterEvents) {
      events = adapterEvents;
      const cancel = whenIdle(() => load().catch((error: unknown) => console.warn('[cairn] could not load Solana support', error)));
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
    signIn: async (params) => (await load()).signIn!(params),
    getAccountType: async (params) => (await load()).getAccountType!(params),
    estimateSend: async (params) => (await load()).estimateSend!(params),
    sendToken: async (params) => (await load()).sendToken!(params),
    waitForTransaction: async (params) => (await load()).waitForTransaction!(params),
  };
}

export type { SolanaAdapterOptions };
