import { lazyModule } from './lazyModule.ts';
import type { AdapterEvents, ChainAdapter, ChainNamespace } from './types.ts';
import { whenIdle } from './whenIdle.ts';

/** The optional parts of the contract a lazily loaded adapter body may have. */
type OptionalPart = 'getAccountType' | 'request' | 'estimateSend' | 'sendToken' | 'waitForTransaction';

/**
 * A chain adapter whose body is a chunk of its own, fetched when the page is idle or at once when a
 * call needs it: a site that adds the namespace does not grow its first load. `optional` names the
 * optional parts the body implements (the shell offers only those, so the core sees the same
 * contract as the body's).
 */
export function lazyChainAdapter(params: {
  namespace: ChainNamespace;
  /** For the console warning when the chunk cannot be fetched, e.g. 'Solana'. */
  label: string;
  create: () => Promise<ChainAdapter>;
  optional: readonly OptionalPart[];
}): ChainAdapter {
  const { namespace, label, optional } = params;
  let adapter: ChainAdapter | undefined;
  let events: AdapterEvents | undefined;
  let cleanup: (() => void) | undefined;
  const body = lazyModule(() =>
    params.create().then((created) => {
      adapter = created;
      if (events) cleanup = created.setup(events);
      return created;
    }),
  );
  const load = () => body.load();
  const part = <K extends OptionalPart>(name: K) => (optional.includes(name) ? { [name]: async (args: never) => ((await load())[name] as (args: never) => unknown)(args) } : {});

  return {
    namespace,
    setup(adapterEvents) {
      events = adapterEvents;
      const cancel = whenIdle(() => load().catch((error: unknown) => console.warn(`[cairn] could not load ${label} support`, error)));
      return () => {
        cancel();
        cleanup?.();
        events = undefined;
      };
    },
    getConnectors: () => adapter?.getConnectors() ?? [],
    waitForConnector: async (connectorId, timeoutMs) => (await load()).waitForConnector(connectorId, timeoutMs),
    connect: async (args) => (await load()).connect(args),
    reconnect: async (args) => (await load()).reconnect(args),
    disconnect: async (args) => (await load()).disconnect(args),
    switchNetwork: async (args) => (await load()).switchNetwork(args),
    getBalance: async (args) => (await load()).getBalance(args),
    // Synchronous by contract; an address only reaches it after a connection, when the body is here.
    normalizeAddress(address) {
      if (!adapter) throw new Error(`${label} support is still loading`);
      return adapter.normalizeAddress(address);
    },
    signMessage: async (args) => (await load()).signMessage(args),
    ...part('getAccountType'),
    ...part('request'),
    ...part('estimateSend'),
    ...part('sendToken'),
    ...part('waitForTransaction'),
  } as ChainAdapter;
}
