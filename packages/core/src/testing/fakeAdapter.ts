// Test double for the ChainAdapter contract: a scripted, in-memory wallet. Used only by the
// core's unit tests; the real EVM adapter is tested against a devnet in its own package.
import { createCairn, type Cairn, type CairnInternals } from '../createCairn.ts';
import type { CairnEvent } from '../events.ts';
import { formatUnits } from '../format.ts';
import type { CairnOptions } from '../options.ts';
import { createSafeStorage, memoryStorage, type SafeStorage, type StorageLike } from '../storage.ts';
import type {
  ChainAccountDetails,
  AdapterEvents,
  Balance,
  CaipNetwork,
  ChainAdapter,
  ChainNamespace,
  ConnectionResult,
  Connector,
  RemoteProvider,
} from '../types.ts';

/** Networks the core tests configure; `unlisted` is a chain no test lists in `networks`. */
export const testNetworks = {
  mainnet: evmNetwork(1, 'Ethereum'),
  optimism: evmNetwork(10, 'OP Mainnet'),
  unlisted: evmNetwork(999, 'Unlisted Chain'),
  solana: {
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  },
  polkadot: {
    id: '91b171bb158e2d3848fa23a9f1c25182',
    caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    chainNamespace: 'polkadot',
    name: 'Polkadot',
    nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
    rpcUrls: { default: { http: ['ws://127.0.0.1:9944'] } },
  },
} satisfies Record<string, CaipNetwork>;

function evmNetwork(id: number, name: string): CaipNetwork {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
  };
}

export function fakeConnector(id: string, overrides: Partial<Connector> = {}): Connector {
  return { id, name: id, type: 'ANNOUNCED', chain: 'eip155', info: { rdns: id }, ...overrides };
}

// The required methods: the optional ones (getAccountType, prefetch) the fake leaves out, as an adapter may.
type Method = Exclude<
  keyof ChainAdapter,
  'namespace' | 'signInStandard' | 'signIn' | 'sendFeeUnit' | 'getAccountType' | 'walletConnectNamespace' | 'setRemoteProvider' | 'request' | 'estimateSend' | 'sendToken' | 'sendTokenAsCalls' | 'waitForTransaction' | 'transactionFailure' | 'prefetch'
>;
type Params<M extends Method> = M extends 'waitForConnector'
  ? { connectorId: string; timeoutMs: number }
  : Parameters<ChainAdapter[M]>[0];
type Outcome<M extends Method> = Awaited<ReturnType<ChainAdapter[M]>>;
type Handler<M extends Method> = (params: Params<M>) => Outcome<M> | Promise<Outcome<M>>;

export interface FakeCall {
  method: Method;
  params: unknown;
}

/** What the wallet on the other side of the adapter currently holds. */
export interface FakeWallet {
  accounts: string[];
  chainId: number | string;
  /** Connectors that let this site reconnect silently (they were connected before the reload). */
  authorized: Set<string>;
  /** Smallest-unit balance per CAIP-2 id; `defaultBalance` elsewhere. */
  balances: Record<string, bigint>;
  defaultBalance: bigint;
  /** A real wallet emits chainChanged before wallet_switchEthereumChain resolves. */
  emitsChainChangedOnSwitch: boolean;
}

export interface FakeAdapterOptions {
  namespace?: ChainNamespace;
  connectors?: Connector[];
  wallet?: Partial<FakeWallet>;
  /** Log shared between several fakes, to check the order calls reached different adapters. */
  log?: (FakeCall & { namespace: ChainNamespace })[];
}

export interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

export interface FakeAdapter extends ChainAdapter {
  readonly wallet: FakeWallet;
  /** Remote sessions handed to it (connector id → provider). */
  readonly remoteProviders: ReadonlyMap<string, RemoteProvider>;
  readonly calls: FakeCall[];
  /** Parameters of every call to `method`, in order. */
  callsTo<M extends Method>(method: M): Params<M>[];
  /** The next call to `method` runs `handler` instead of the wallet's default behaviour. */
  next<M extends Method>(method: M, handler: Handler<M>): void;
  /** The next call to `method` rejects with `error`. */
  failNext(method: Method, error: unknown): void;
  /** The next call to `method` stays pending until the test settles it. */
  holdNext<M extends Method>(method: M): Deferred<Outcome<M>>;
  /** Wallet-side events, as the real adapter forwards them from EIP-1193. */
  emitAccountsChanged(connectorId: string, accounts: readonly string[], details?: readonly ChainAccountDetails[]): void;
  emitChainChanged(connectorId: string, chainId: number | string): void;
  emitDisconnected(connectorId: string): void;
  /** A connector appears (e.g. an EIP-6963 wallet announcing itself late). */
  announce(connector: Connector): void;
  readonly isSetUp: boolean;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function createFakeAdapter(options: FakeAdapterOptions = {}): FakeAdapter {
  const namespace = options.namespace ?? 'eip155';
  let connectors = [...(options.connectors ?? [fakeConnector('io.metamask', { chain: namespace })])];
  // Connectors whose calls go to a remote session (WalletConnect), as the real adapter keeps them.
  const remote = new Map<string, RemoteProvider>();
  const wallet: FakeWallet = {
    accounts: ['0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266'],
    chainId: 1,
    authorized: new Set(),
    balances: {},
    defaultBalance: 1_500_000_000_000_000_000n,
    emitsChainChangedOnSwitch: true,
    ...options.wallet,
  };
  const calls: FakeCall[] = [];
  const scripted = new Map<Method, Handler<Method>[]>();
  const announceWaiters = new Set<() => void>();
  let events: AdapterEvents | undefined;

  const find = (connectorId: string) => connectors.find((connector) => connector.id === connectorId);
  const requireConnector = (connectorId: string) => {
    if (!find(connectorId) && !remote.has(connectorId)) throw new Error(`Wallet not found: ${connectorId}`);
  };
  const result = (): ConnectionResult => {
    const [address] = wallet.accounts;
    if (!address) throw new Error('The wallet returned no accounts');
    return { address, chainId: wallet.chainId, accounts: [...wallet.accounts] };
  };

  const defaults: { [M in Method]: Handler<M> } = {
    setup(adapterEvents) {
      events = adapterEvents;
      adapterEvents.connectorsChanged([...connectors]);
      return () => {
        events = undefined;
      };
    },
    getConnectors: () => [...connectors],
    waitForConnector({ connectorId, timeoutMs }) {
      const found = find(connectorId);
      if (found) return Promise.resolve(found);
      return new Promise<Connector | undefined>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          announceWaiters.delete(wake);
          resolve(find(connectorId));
        };
        const wake = () => {
          if (find(connectorId)) done();
        };
        const timer = setTimeout(done, timeoutMs);
        announceWaiters.add(wake);
      });
    },
    connect({ connectorId }) {
      requireConnector(connectorId);
      const granted = result();
      wallet.authorized.add(connectorId);
      return granted;
    },
    reconnect({ connectorId }) {
      requireConnector(connectorId);
      return wallet.authorized.has(connectorId) ? result() : undefined;
    },
    disconnect({ connectorId }) {
      wallet.authorized.delete(connectorId);
    },
    switchNetwork({ connectorId, network }) {
      requireConnector(connectorId);
      wallet.chainId = network.id;
      if (wallet.emitsChainChangedOnSwitch) events?.chainChanged(connectorId, network.id);
    },
    getBalance({ network }): Balance {
      const value = wallet.balances[network.caipNetworkId] ?? wallet.defaultBalance;
      const { decimals, symbol } = network.nativeCurrency;
      return { value, decimals, symbol, formatted: formatUnits(value, decimals) };
    },
    normalizeAddress(address) {
      if (namespace !== 'eip155') {
        if (!address) throw new Error('Empty address');
        return address;
      }
      if (!EVM_ADDRESS.test(address)) throw new Error(`Invalid address: ${address}`);
      return `0x${address.slice(2).toLowerCase()}`;
    },
    signMessage({ message }) {
      return `0x${[...new TextEncoder().encode(message)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    },
  };

  function invoke<M extends Method>(method: M, params: Params<M>): ReturnType<ChainAdapter[M]> {
    calls.push({ method, params });
    options.log?.push({ method, params, namespace });
    const handler = (scripted.get(method)?.shift() ?? defaults[method]) as Handler<M>;
    const isAsync = !['setup', 'getConnectors', 'normalizeAddress'].includes(method);
    if (!isAsync) return handler(params) as ReturnType<ChainAdapter[M]>;
    // Async like a real wallet: a synchronous throw becomes a rejection.
    return new Promise<unknown>((resolve) => resolve(handler(params))) as ReturnType<ChainAdapter[M]>;
  }

  const adapter: FakeAdapter = {
    namespace,
    // As the EVM adapter: EIP-4361 through signMessage; other namespaces' fakes cannot sign in.
    ...(namespace === 'eip155' ? { signInStandard: 'eip4361' as const, sendFeeUnit: 'gas' as const } : {}),
    remoteProviders: remote,
    walletConnectNamespace: (networks) => ({ chains: networks.map((network) => network.caipNetworkId), methods: ['personal_sign'], events: ['chainChanged'] }),
    setRemoteProvider(connector, provider) {
      if (provider) {
        remote.set(connector.id, provider);
        provider.on('disconnect', () => events?.disconnected(connector.id));
      } else remote.delete(connector.id);
    },
    wallet,
    calls,
    get isSetUp() {
      return events !== undefined;
    },
    setup: (adapterEvents) => invoke('setup', adapterEvents),
    getConnectors: () => invoke('getConnectors', undefined as never),
    waitForConnector: (connectorId, timeoutMs) =>
      invoke('waitForConnector', { connectorId, timeoutMs }),
    connect: (params) => invoke('connect', params),
    reconnect: (params) => invoke('reconnect', params),
    disconnect: (params) => invoke('disconnect', params),
    switchNetwork: (params) => invoke('switchNetwork', params),
    getBalance: (params) => invoke('getBalance', params),
    normalizeAddress: (address) => invoke('normalizeAddress', address),
    signMessage: (params) => invoke('signMessage', params),
    callsTo: (method) => calls.filter((call) => call.method === method).map((call) => call.params as never),
    next(method, handler) {
      const queue = scripted.get(method) ?? [];
      queue.push(handler as Handler<Method>);
      scripted.set(method, queue);
    },
    failNext(method, error) {
      adapter.next(method, () => {
        throw error;
      });
    },
    holdNext(method) {
      let deferred!: Deferred<Outcome<typeof method>>;
      const pending = new Promise<Outcome<typeof method>>((resolve, reject) => {
        deferred = { resolve, reject };
      });
      adapter.next(method, () => pending);
      return deferred;
    },
    emitAccountsChanged: (connectorId, accounts, details) => {
      wallet.accounts = [...accounts];
      events?.accountsChanged(connectorId, accounts, details);
    },
    emitChainChanged: (connectorId, chainId) => {
      wallet.chainId = chainId;
      events?.chainChanged(connectorId, chainId);
    },
    emitDisconnected: (connectorId) => {
      wallet.authorized.delete(connectorId);
      events?.disconnected(connectorId);
    },
    announce(connector) {
      connectors = [...connectors.filter((item) => item.id !== connector.id), connector];
      events?.connectorsChanged([...connectors]);
      for (const wake of [...announceWaiters]) wake();
    },
  };
  return adapter;
}

export interface TestCairn {
  cairn: Cairn;
  adapter: FakeAdapter;
  /** The raw backend the instance persists to; pass it to a second instance to simulate a reload. */
  backend: StorageLike;
  /** A reader over `backend`, to check what was persisted. */
  storage: SafeStorage;
  events: CairnEvent[];
  eventNames(): string[];
}

/**
 * A Cairn on mainnet + optimism with a fake eip155 wallet and in-memory storage, recording every
 * event. Does not wait for `cairn.ready`.
 */
export function createTestCairn(
  overrides: Partial<CairnOptions> & { adapter?: FakeAdapter; backend?: StorageLike; internals?: CairnInternals } = {},
): TestCairn {
  const { adapter = createFakeAdapter(), backend = memoryStorage(), internals, ...options } = overrides;
  const events: CairnEvent[] = [];
  const cairn = createCairn({
    networks: [testNetworks.mainnet, testNetworks.optimism],
    adapters: [adapter],
    storage: backend,
    onEvent: (event) => events.push(event),
    ...options,
  }, internals);
  return {
    cairn,
    adapter,
    backend,
    storage: createSafeStorage(backend),
    events,
    eventNames: () => events.map((event) => event.event),
  };
}
