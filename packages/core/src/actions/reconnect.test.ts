import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_WAIT_MS } from '../constants.ts';
import { memoryStorage, createSafeStorage, type StorageLike } from '../storage.ts';
import { createFakeAdapter, createTestCairn, fakeConnector, testNetworks, type FakeCall } from '../testing/fakeAdapter.ts';
import type { ChainNamespace, ConnectionStatus } from '../types.ts';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A first visit that connects `connectorId`, leaving its storage behind. */
async function previousVisit(connectorId = 'io.metamask'): Promise<StorageLike> {
  const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')] });
  const visit = createTestCairn({ adapter });
  await visit.cairn.ready;
  await visit.cairn.connect(connectorId);
  visit.cairn.destroy();
  return visit.backend;
}

function recordStatuses(test: ReturnType<typeof createTestCairn>) {
  const statuses: ConnectionStatus[] = [test.cairn.stores.connection.get().status];
  test.cairn.stores.connection.subscribe(() => {
    const { status } = test.cairn.stores.connection.get();
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  return statuses;
}

describe('reconnect on page load (SPEC §4)', () => {
  it('restores the connection silently: reconnecting, then connected, without a wallet prompt', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
    const reload = createTestCairn({ adapter, backend });
    const statuses = recordStatuses(reload);
    expect(reload.cairn.stores.connection.get().status).toBe('reconnecting');
    expect(reload.cairn.stores.account().get().status).toBe('reconnecting');

    await reload.cairn.ready;
    expect(statuses).toEqual(['reconnecting', 'connected']);
    // The site's network of the namespace comes along, for wallets without an active network (solana).
    expect(adapter.callsTo('reconnect')).toEqual([{ connectorId: 'io.metamask', network: testNetworks.mainnet }]);
    expect(adapter.callsTo('connect')).toEqual([]);
    expect(reload.cairn.stores.account().get()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      connectorId: 'io.metamask',
    });
    expect(reload.cairn.stores.modal.get().open).toBe(false);
    expect(reload.cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
    expect(reload.eventNames()).toEqual([]);
  });

  it('waits for the connector with the announce timeout', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(adapter.callsTo('waitForConnector')).toEqual([{ connectorId: 'io.metamask', timeoutMs: ANNOUNCE_WAIT_MS }]);
  });

  it('takes the network the wallet is on now', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']), chainId: 10 } });
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(reload.cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
    await vi.waitFor(() => expect(reload.cairn.stores.account().get().balance).toBe('1.5'));
  });

  it('with nothing remembered, in a browser: connecting while the pass runs, then disconnected, no wallet asked', async () => {
    // A browser page (the core's tests run in Node, where no window is).
    vi.stubGlobal('window', { navigator: { userAgent: 'test' }, innerWidth: 1280 });
    try {
      const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
      const fresh = createTestCairn({ adapter });
      const statuses = recordStatuses(fresh);
      await fresh.cairn.ready;
      expect(statuses).toEqual(['connecting', 'disconnected']);
      expect(adapter.callsTo('waitForConnector')).toEqual([]);
      expect(adapter.callsTo('reconnect')).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with nothing remembered, on a server: disconnected from the start (what the browser hydrates)', async () => {
    const fresh = createTestCairn();
    const statuses = recordStatuses(fresh);
    await fresh.cairn.ready;
    expect(statuses).toEqual(['disconnected']);
  });

  it('a wallet picked while the pass runs keeps its own connecting status', async () => {
    vi.stubGlobal('window', { navigator: { userAgent: 'test' }, innerWidth: 1280 });
    try {
      const fresh = createTestCairn();
      const connecting = fresh.cairn.connect('io.metamask');
      await fresh.cairn.ready;
      await connecting;
      expect(fresh.cairn.stores.connection.get().status).toBe('connected');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tries the most recently used connector first and stops at the first that reconnects', async () => {
    const backend = memoryStorage();
    createSafeStorage(backend).set('connections', [
      { namespace: 'eip155', connectorId: 'io.rabby' },
      { namespace: 'eip155', connectorId: 'io.metamask' },
    ]);
    const adapter = createFakeAdapter({
      connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')],
      wallet: { authorized: new Set(['io.metamask', 'io.rabby']) },
    });
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(adapter.callsTo('reconnect').map((call) => call.connectorId)).toEqual(['io.rabby']);
    expect(reload.cairn.stores.account().get().connectorId).toBe('io.rabby');
  });

  it('falls back to the next connector when the most recent one no longer authorizes', async () => {
    const backend = memoryStorage();
    createSafeStorage(backend).set('connections', [
      { namespace: 'eip155', connectorId: 'io.rabby' },
      { namespace: 'eip155', connectorId: 'io.metamask' },
    ]);
    const adapter = createFakeAdapter({
      connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')],
      wallet: { authorized: new Set(['io.metamask']) },
    });
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(adapter.callsTo('reconnect').map((call) => call.connectorId)).toEqual(['io.rabby', 'io.metamask']);
    expect(reload.cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask' });
  });

  it('restores each namespace, most recently used first', async () => {
    const log: (FakeCall & { namespace: ChainNamespace })[] = [];
    const evm = createFakeAdapter({ log, wallet: { authorized: new Set(['io.metamask']) } });
    const solana = createFakeAdapter({
      namespace: 'solana',
      log,
      connectors: [fakeConnector('app.phantom', { chain: 'solana' })],
      wallet: {
        authorized: new Set(['app.phantom']),
        accounts: ['7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'],
        chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      },
    });
    const backend = memoryStorage();
    createSafeStorage(backend).set('connections', [
      { namespace: 'solana', connectorId: 'app.phantom' },
      { namespace: 'eip155', connectorId: 'io.metamask' },
    ]);
    const reload = createTestCairn({
      adapters: [evm, solana],
      networks: [testNetworks.mainnet, testNetworks.solana],
      backend,
    });
    await reload.cairn.ready;
    expect(log.filter((call) => call.method === 'reconnect').map((call) => call.namespace)).toEqual(['solana', 'eip155']);
    expect(reload.cairn.stores.account('solana').get()).toMatchObject({
      status: 'connected',
      caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    });
    expect(reload.cairn.stores.account('eip155').get().status).toBe('connected');
  });

  it('when the wallet no longer authorizes the site: disconnected, stored connection cleared, recent wallets kept', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter(); // nothing authorized any more
    const reload = createTestCairn({ adapter, backend });
    const statuses = recordStatuses(reload);
    await reload.cairn.ready;
    expect(statuses).toEqual(['reconnecting', 'disconnected']);
    expect(adapter.callsTo('connect')).toEqual([]);
    expect(reload.cairn.stores.account().get().status).toBe('disconnected');
    expect(reload.storage.get('connections')).toBeUndefined();
    expect(reload.storage.get('connectedWallet')).toBeUndefined();
    expect(reload.storage.get('recentWallets')?.map((wallet) => wallet.id)).toEqual(['io.metamask']);
  });

  it('when the connector never appears: waits the bounded time, then disconnected', async () => {
    vi.useFakeTimers();
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ connectors: [], wallet: { authorized: new Set(['io.metamask']) } });
    const reload = createTestCairn({ adapter, backend });
    let settled = false;
    void reload.cairn.ready.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(ANNOUNCE_WAIT_MS - 1);
    expect(settled).toBe(false);
    expect(reload.cairn.stores.connection.get().status).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(1);
    await reload.cairn.ready;
    expect(reload.cairn.stores.connection.get().status).toBe('disconnected');
    expect(adapter.callsTo('reconnect')).toEqual([]);
    expect(reload.storage.get('connections')).toBeUndefined();
  });

  it('reconnects a wallet that announces itself late, within the wait', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ connectors: [], wallet: { authorized: new Set(['io.metamask']) } });
    const reload = createTestCairn({ adapter, backend });
    expect(reload.cairn.stores.connection.get().status).toBe('reconnecting');
    adapter.announce(fakeConnector('io.metamask'));
    await reload.cairn.ready;
    expect(reload.cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask' });
    expect(reload.cairn.stores.connection.get().connectors.map((connector) => connector.id)).toEqual(['io.metamask']);
  });

  it('a wallet error while reconnecting ends disconnected, not stuck reconnecting', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
    adapter.failNext('reconnect', new Error('provider crashed'));
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(reload.cairn.stores.connection.get().status).toBe('disconnected');
    expect(warn).toHaveBeenCalled();
  });

  it('restored on a chain the site did not list, opens UnsupportedChain', async () => {
    const backend = await previousVisit();
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']), chainId: 999 } });
    const reload = createTestCairn({ adapter, backend });
    await reload.cairn.ready;
    expect(reload.cairn.stores.router.current().view).toBe('UnsupportedChain');
    expect(reload.cairn.stores.modal.get().open).toBe(true);
  });

  describe("a reconnect slower than the visitor's own connect leaves that connection alone", () => {
    const RABBY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

    /** A reload whose silent reconnect is held at the wallet, while the visitor connects io.rabby. */
    async function visitorConnectsDuringReconnect(authorized: string[]) {
      const backend = await previousVisit('io.metamask');
      const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask'), fakeConnector('io.rabby')], wallet: { authorized: new Set(authorized) } });
      const silent = adapter.holdNext('reconnect');
      const reload = createTestCairn({ adapter, backend });
      await vi.waitFor(() => expect(adapter.callsTo('reconnect')).toHaveLength(1));
      reload.cairn.open();
      adapter.next('connect', () => ({ address: RABBY, chainId: 10, accounts: [RABBY] }));
      await expect(reload.cairn.connect('io.rabby')).resolves.toBe(true);
      reload.cairn.open();
      return { reload, silent };
    }

    function expectVisitorsConnection(reload: ReturnType<typeof createTestCairn>) {
      expect(reload.cairn.stores.connection.get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby' });
      expect(reload.cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.rabby', address: RABBY });
      expect(reload.storage.get('connections')).toEqual([{ namespace: 'eip155', connectorId: 'io.rabby', address: RABBY }]);
      expect(reload.storage.get('connectedWallet')).toEqual({ id: 'io.rabby', name: 'io.rabby' });
      expect(reload.cairn.stores.modal.get().open).toBe(true);
      expect(reload.cairn.stores.router.get().history).toEqual([{ view: 'Account' }]);
    }

    it('the remembered wallet no longer authorizing: the visitor stays connected', async () => {
      const { reload, silent } = await visitorConnectsDuringReconnect([]);
      silent.resolve(undefined);
      await reload.cairn.ready;
      expectVisitorsConnection(reload);
    });

    it('the remembered wallet reconnecting late: it does not replace the wallet the visitor picked', async () => {
      const { reload, silent } = await visitorConnectsDuringReconnect(['io.metamask']);
      silent.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] });
      await reload.cairn.ready;
      expectVisitorsConnection(reload);
      expect(reload.cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:10');
    });

    it('the remembered wallet failing: the visitor stays connected', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { reload, silent } = await visitorConnectsDuringReconnect(['io.metamask']);
      silent.reject(new Error('provider crashed'));
      await reload.cairn.ready;
      expectVisitorsConnection(reload);
    });
  });
});
