import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCairn } from './createCairn.ts';
import type { CairnEvent } from './events.ts';
import { memoryStorage } from './storage.ts';
import { createFakeAdapter, createTestCairn, testNetworks } from './testing/fakeAdapter.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createCairn', () => {
  it('passes every event to the onEvent option, stamped with the time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_750_000_000_000);
    const received: CairnEvent[] = [];
    const cairn = createCairn({
      networks: [testNetworks.mainnet],
      adapters: [createFakeAdapter()],
      storage: memoryStorage(),
      onEvent: (event) => received.push(event),
    });
    await cairn.ready;
    cairn.open();
    await cairn.connect('io.metamask');
    expect(received.map((event) => event.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE']);
    expect(received.every((event) => event.timestamp === 1_750_000_000_000)).toBe(true);
  });

  it('drops a bad stored value after start-up, off the first paint, even for a key nothing read yet', async () => {
    const backend = memoryStorage();
    backend.setItem('@cairn/siwxSession', '{"token":');
    backend.setItem('@cairn/connectedWallet', JSON.stringify({ id: 'io.metamask', name: 'MetaMask' }));
    createTestCairn({ backend });
    expect(backend.getItem('@cairn/siwxSession')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(backend.getItem('@cairn/siwxSession')).toBeNull();
    expect(backend.getItem('@cairn/connectedWallet')).not.toBeNull();
  });

  it('lets a site subscribe and unsubscribe', async () => {
    const { cairn } = createTestCairn();
    const listener = vi.fn();
    const unsubscribe = cairn.events.subscribe(listener);
    cairn.open();
    unsubscribe();
    cairn.close();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ event: 'MODAL_OPEN' });
  });

  it("a site's throwing onEvent does not break a connection", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { cairn } = createTestCairn({
      onEvent: () => {
        throw new Error('analytics down');
      },
    });
    await cairn.ready;
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);
    expect(cairn.stores.connection.get().status).toBe('connected');
  });

  it('sends nothing over the network during a full connect, switch and disconnect flow', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { cairn, backend } = createTestCairn();
    await cairn.ready;
    cairn.open();
    await cairn.connect('io.metamask');
    await cairn.refreshBalance({ force: true });
    await cairn.switchNetwork(testNetworks.optimism);
    await vi.waitFor(() => expect(cairn.stores.account().get().balanceLoading).toBe(false));
    cairn.close();
    const reload = createTestCairn({
      backend,
      adapter: createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } }),
    });
    await reload.cairn.ready;
    await reload.cairn.disconnect();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sets up every adapter and lists its connectors', () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter });
    expect(adapter.callsTo('setup')).toHaveLength(1);
    expect(cairn.stores.connection.get().connectors.map((connector) => connector.id)).toEqual(['io.metamask']);
  });

  it('starts on the default network, disconnected, with the router on Connect and the modal closed', () => {
    const { cairn } = createTestCairn({ defaultNetwork: testNetworks.optimism });
    expect(cairn.stores.network.get()).toMatchObject({
      activeCaipNetworkId: 'eip155:10',
      activeNamespace: 'eip155',
      requested: [testNetworks.mainnet, testNetworks.optimism],
      switching: false,
    });
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    expect(cairn.stores.account().get()).toMatchObject({ namespace: 'eip155', status: 'disconnected' });
    expect(cairn.stores.router.get().history).toEqual([{ view: 'Connect' }]);
    expect(cairn.stores.modal.get().open).toBe(false);
  });

  it('loads the recent wallets from storage', () => {
    const first = createTestCairn();
    first.storage.set('recentWallets', [{ id: 'io.rabby', name: 'Rabby', namespace: 'eip155' }]);
    const second = createTestCairn({ backend: first.backend });
    expect(second.cairn.stores.connection.get().recentWallets).toEqual([{ id: 'io.rabby', name: 'Rabby', namespace: 'eip155' }]);
  });

  it('starts cleanly over corrupted storage and removes the bad entries', async () => {
    const backend = memoryStorage();
    backend.setItem('@cairn/recentWallets', '{oops');
    backend.setItem('@cairn/connections', JSON.stringify([{ namespace: 'eip155' }]));
    backend.setItem('@cairn/activeNetwork', JSON.stringify('x'.repeat(1_000_000)));
    const { cairn } = createTestCairn({ backend });
    await cairn.ready;
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'disconnected', recentWallets: [] });
    expect(cairn.stores.network.get().activeCaipNetworkId).toBe('eip155:1');
    for (const key of ['recentWallets', 'connections', 'activeNetwork']) expect(backend.getItem(`@cairn/${key}`)).toBeNull();
  });

  it('rejects invalid options at creation', () => {
    expect(() => createTestCairn({ networks: [testNetworks.solana] })).toThrow(
      'createCairn: no adapter for solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp (namespace solana)',
    );
  });

  it("throws 'Chain adapter not found' for the account of a namespace without an adapter", () => {
    const { cairn } = createTestCairn();
    expect(() => cairn.stores.account('solana')).toThrow('Chain adapter not found');
  });
});
