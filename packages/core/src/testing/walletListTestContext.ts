// Test support for the catalogue actions: a CairnContext wired as createCairn wires it, with the
// catalogue pointed at a given server and the debounce on a clock the test moves by hand.
import { createWalletCatalogueApi } from '../api/walletCatalogueApi.ts';
import type { CairnContext } from '../context.ts';
import { createEvents, type CairnEvent } from '../events.ts';
import { resolveOptions, type CairnOptions } from '../options.ts';
import { createRouter } from '../router.ts';
import { createSafeStorage, memoryStorage, type RecentWallet } from '../storage.ts';
import { createAccountStore } from '../stores/account.ts';
import { createConnectionStore } from '../stores/connection.ts';
import { createModalStore } from '../stores/modal.ts';
import { createNetworkStore } from '../stores/network.ts';
import { createToastStore } from '../stores/toast.ts';
import { FEATURES } from '../features/featureList.ts';
import { createFeatureStores, featureResets, featureSessions, setupFeatures } from '../features/assembleFeatures.ts';
import { createWalletListStore, type Timers } from '../features/catalogue/walletListStore.ts';
import { createFakeAdapter, testNetworks, type FakeAdapter } from './fakeAdapter.ts';
import type { Connector } from '../types.ts';

/** setTimeout on a clock that moves only when the test calls `advance`. */
export function manualTimers(): Timers & { advance(ms: number): void; pending(): number; now(): number } {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run, ms) {
      const id = ++nextId;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pending: () => timers.size,
    now: () => now,
  };
}

export interface WalletListTestContext {
  ctx: CairnContext;
  timers: ReturnType<typeof manualTimers>;
  adapter: FakeAdapter;
  events: CairnEvent[];
}

export function walletListTestContext(
  options: Partial<Pick<CairnOptions, 'api' | 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds' | 'features' | 'networks'>> & {
    connectors?: Connector[];
    recentWallets?: RecentWallet[];
  } = {},
): WalletListTestContext {
  const { connectors, recentWallets = [], ...rest } = options;
  const adapter = createFakeAdapter(connectors ? { connectors } : {});
  const events: CairnEvent[] = [];
  const resolved = resolveOptions({ networks: [testNetworks.mainnet, testNetworks.optimism], adapters: [adapter], onEvent: (event) => events.push(event), ...rest });
  const timers = manualTimers();
  const connection = createConnectionStore(recentWallets);
  connection.set({ connectors: adapter.getConnectors() });
  const resetFeatures = featureResets(FEATURES);
  const ctx: CairnContext = {
    platform: () => 'desktop',
    openLink: () => undefined,
    options: resolved,
    storage: createSafeStorage(memoryStorage()),
    events: createEvents({ sink: resolved.onEvent }),
    router: createRouter(),
    modal: createModalStore(),
    connection,
    network: createNetworkStore(resolved.networks, resolved.defaultNetwork),
    accounts: new Map([['eip155', createAccountStore('eip155')]]),
    ...createFeatureStores(FEATURES),
    toast: createToastStore(),
    walletList: createWalletListStore(timers),
    ...(resolved.api ? { catalogue: createWalletCatalogueApi(resolved.api, { retries: 0 }) } : {}),
    balanceCache: new Map(),
    identityCache: new Map(),
    balanceRetryAt: new Map(),
    now: timers.now,
    resetFeatures: (on) => resetFeatures(ctx, on),
    sessions: featureSessions(FEATURES),
  };
  setupFeatures(FEATURES, ctx);
  return { ctx, timers, adapter, events };
}

export interface HeldRequest {
  url: URL;
  reply(status: number, body: unknown, headers?: Record<string, string>): void;
}

export interface HeldCatalogue {
  /** The catalogue settings of a context pointed at the stand-in. */
  api: { url: string; projectId: string };
  requests: HeldRequest[];
  /** Resolves with request number `index` (0-based) once it has arrived. */
  request(index: number): Promise<HeldRequest>;
}

/**
 * A loopback stand-in for the catalogue that answers only when the test says so, to order
 * answers (a late one), fail one, or count requests; closed when `test` settles. The real server
 * is used wherever the test does not need that control.
 */
export async function withHeldCatalogue(test: (stub: HeldCatalogue) => Promise<void>): Promise<void> {
  const { createServer } = await import('node:http');
  const requests: HeldRequest[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    requests.push({
      url: new URL(request.url!, 'http://127.0.0.1'),
      reply(status, body, headers = {}) {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      },
    });
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  try {
    await test({
      api: { url, projectId: 'p' },
      requests,
      async request(index) {
        while (requests.length <= index) await new Promise<void>((resolve) => waiters.push(resolve));
        return requests[index]!;
      },
    });
  } finally {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
}
