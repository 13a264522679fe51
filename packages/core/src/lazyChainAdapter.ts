import type { AdapterEvents, ChainAdapter, ChainNamespace, Connector, RemoteProvider } from './types.ts';

/** The optional ChainAdapter methods a lazy adapter can offer before its body has arrived. */
export type LazyOptionalMethod = 'getAccountType' | 'request' | 'estimateSend' | 'sendToken' | 'sendTokenAsCalls' | 'waitForTransaction' | 'transactionFailure' | 'signIn';

export interface LazyChainAdapterOptions {
  namespace: ChainNamespace;
  /** Said in the warning when the body cannot load, and by a synchronous call that comes too early. */
  label: string;
  /** Fetches the adapter's body (a dynamic import) and makes the adapter. */
  load(): Promise<ChainAdapter>;
  /** The optional methods the body has, declared up front: the core checks for them before a call. */
  optional: readonly LazyOptionalMethod[];
  /** The adapter's constant capabilities (its fee unit, its sign-in standard, its WalletConnect namespace), known before the body. */
  capabilities?: Pick<ChainAdapter, 'sendFeeUnit' | 'signInStandard' | 'walletConnectNamespace'>;
  /** The body takes remote sessions (setRemoteProvider, e.g. the e-mail login's frame): handed to it when it arrives. */
  remoteSessions?: boolean;
}

/**
 * A chain adapter whose body is a chunk fetched on intent (`prefetch`: the button hovered or
 * focused, the modal opened), or at once when a call needs it: a site that adds a namespace grows
 * neither its first load nor what it fetches before the click by more than this stub.
 */
export function lazyChainAdapter({ namespace, label, load: loadBody, optional, capabilities, remoteSessions }: LazyChainAdapterOptions): ChainAdapter {
  let adapter: ChainAdapter | undefined;
  const remotes = new Map<string, { connector: Connector; provider: RemoteProvider | undefined }>();
  let loading: Promise<ChainAdapter> | undefined;
  let events: AdapterEvents | undefined;
  let cleanup: (() => void) | undefined;
  const load = () => {
    loading ??= loadBody().then(
      (loaded) => {
        adapter = loaded;
        if (events) cleanup = loaded.setup(events);
        for (const { connector, provider } of remotes.values()) loaded.setRemoteProvider?.(connector, provider);
        return loaded;
      },
      (error: unknown) => {
        loading = undefined; // the next call tries again
        throw error;
      },
    );
    return loading;
  };
  const body = async (method: LazyOptionalMethod) => {
    const loaded = await load();
    const call = loaded[method] as ((params: never) => Promise<unknown>) | undefined;
    if (!call) throw new Error(`The ${namespace} adapter has no ${method}`);
    return call.bind(loaded);
  };
  const optionalMethods = Object.fromEntries(optional.map((method) => [method, async (params: never) => (await body(method))(params)]));

  return {
    namespace,
    ...capabilities,
    setup(adapterEvents) {
      events = adapterEvents;
      // A body that arrives later sets itself up then (in load); discovery waits for the intent.
      if (adapter) cleanup = adapter.setup(adapterEvents);
      return () => {
        cleanup?.();
        cleanup = undefined;
        events = undefined;
      };
    },
    // The body may have code of its own to fetch on intent (the EVM adapter's address support).
    prefetch: () =>
      void load().then(
        (loaded) => loaded.prefetch?.(),
        (error: unknown) => console.warn(`[cairn] could not load ${label} support`, error),
      ),
    getConnectors: () => adapter?.getConnectors() ?? [],
    waitForConnector: async (connectorId, timeoutMs) => (await load()).waitForConnector(connectorId, timeoutMs),
    connect: async (params) => (await load()).connect(params),
    reconnect: async (params) => (await load()).reconnect(params),
    disconnect: async (params) => (await load()).disconnect(params),
    switchNetwork: async (params) => (await load()).switchNetwork(params),
    getBalance: async (params) => (await load()).getBalance(params),
    // Synchronous by contract; an address only reaches it after a connection, when the body is here.
    normalizeAddress: (address) => {
      if (!adapter) throw new Error(`${label} support is still loading`);
      return adapter.normalizeAddress(address);
    },
    signMessage: async (params) => (await load()).signMessage(params),
    ...(remoteSessions
      ? {
          setRemoteProvider(connector: Connector, provider: RemoteProvider | undefined) {
            remotes.set(connector.id, { connector, provider });
            adapter?.setRemoteProvider?.(connector, provider);
          },
        }
      : {}),
    ...(optionalMethods as Pick<ChainAdapter, LazyOptionalMethod>),
  };
}
