import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSafeStorage, memoryStorage } from './storage.ts';

// Each test starts from a fresh module graph, so the actions chunk has not arrived yet: the state
// of a page in the moments between its first paint and the idle prefetch.
afterEach(() => {
  vi.doUnmock('./actions/cairnActions.ts');
  vi.resetModules();
  vi.restoreAllMocks();
});

async function freshCore() {
  vi.resetModules();
  const [{ createTestCairn, fakeConnector, createFakeAdapter }, { loadedCairnActions }] = await Promise.all([
    import('./testing/fakeAdapter.ts'),
    import('./loadCairnActions.ts'),
  ]);
  return { createTestCairn, fakeConnector, createFakeAdapter, loadedCairnActions };
}

describe('the actions chunk', () => {
  it('is not needed to create an instance, discover wallets or open the modal, which starts fetching it', async () => {
    const { createTestCairn, loadedCairnActions } = await freshCore();
    const { cairn } = createTestCairn();
    expect(cairn.stores.connection.get().connectors.map((connector) => connector.id)).toEqual(['io.metamask']);
    await new Promise((resolve) => setTimeout(resolve, 20)); // past the idle work
    expect(loadedCairnActions()).toBeUndefined();
    cairn.open();
    expect(cairn.stores.router.current().view).toBe('Connect');
    await vi.waitFor(() => expect(loadedCairnActions()).toBeDefined());
  });

  it('is fetched ahead of use by prefetch (the button hovered or focused)', async () => {
    const { createTestCairn, loadedCairnActions } = await freshCore();
    const { cairn } = createTestCairn();
    cairn.prefetch();
    await vi.waitFor(() => expect(loadedCairnActions()).toBeDefined());
    expect(cairn.stores.modal.get().open).toBe(false);
  });

  it("asks the adapters for their lazy code on the same intent, and not before (issue 29: nothing but the modal before the click)", async () => {
    const { createTestCairn, createFakeAdapter } = await freshCore();
    const adapter = Object.assign(createFakeAdapter(), { prefetch: vi.fn() });
    const { cairn } = createTestCairn({ adapter });
    await new Promise((resolve) => setTimeout(resolve, 20)); // past the idle work
    expect(adapter.prefetch).not.toHaveBeenCalled();
    cairn.prefetch();
    expect(adapter.prefetch).toHaveBeenCalledTimes(1);
    cairn.open();
    expect(adapter.prefetch).toHaveBeenCalledTimes(2);
  });

  it('loads on the first action, which then runs as usual; later actions start synchronously', async () => {
    const { createTestCairn, fakeConnector, loadedCairnActions } = await freshCore();
    const { cairn, adapter } = createTestCairn();
    const first = cairn.connect('io.metamask');
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    await expect(first).resolves.toBe(true);
    expect(loadedCairnActions()).toBeDefined();
    expect(cairn.stores.account().get().status).toBe('connected');

    await cairn.disconnect();
    const prompt = adapter.holdNext('connect');
    const second = cairn.connect('io.metamask');
    expect(cairn.stores.router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: fakeConnector('io.metamask') } });
    prompt.resolve({ address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', chainId: 1, accounts: [] });
    await expect(second).resolves.toBe(true);
  });

  it('shows a remembered connection as reconnecting from the start, before the chunk arrives', async () => {
    const { createTestCairn, createFakeAdapter, fakeConnector, loadedCairnActions } = await freshCore();
    const backend = memoryStorage();
    createSafeStorage(backend).set('connections', [{ namespace: 'eip155', connectorId: 'io.metamask' }]);
    const adapter = createFakeAdapter({ connectors: [fakeConnector('io.metamask')], wallet: { authorized: new Set(['io.metamask']) } });
    const { cairn } = createTestCairn({ adapter, backend });
    expect(loadedCairnActions()).toBeUndefined();
    expect(cairn.stores.connection.get().status).toBe('reconnecting');
    expect(cairn.stores.account().get().status).toBe('reconnecting');
    await cairn.ready;
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'io.metamask' });
  });

  it('that fails to load rejects the action, and the next action fetches it again', async () => {
    let failures = 1;
    vi.doMock('./actions/cairnActions.ts', async (importOriginal) => {
      if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { createTestCairn } = await freshCore();
    const { cairn } = createTestCairn();
    await expect(cairn.connect('io.metamask')).rejects.toThrow(); // vitest wraps the factory's error
    expect(cairn.stores.connection.get().status).toBe('disconnected');
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);
  });
});
