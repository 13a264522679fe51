import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn } from './testing/fakeAdapter.ts';
import { scriptedWalletConnectPlugin } from './testing/scriptedWalletConnect.ts';
import { firstPaint } from './deferredCairn.ts';

// A page: the start-up waits for the browser's idle time after the first paint (issue 29).
let idle: (() => void)[] = [];
const runIdle = () => idle.splice(0).forEach((task) => task());

beforeEach(() => {
  idle = [];
  vi.stubGlobal('window', { navigator: { userAgent: 'test' }, innerWidth: 1280 });
  vi.stubGlobal('document', { readyState: 'loading' });
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createCairn's start-up in a page", () => {
  it('leaves the adapters and the features unset until the page has painted, the button readable at once', async () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter });
    await Promise.resolve();
    expect(adapter.callsTo('setup')).toHaveLength(0);
    expect(cairn.stores.connection.get()).toMatchObject({ status: 'disconnected', connectors: [] });
    runIdle();
    expect(adapter.callsTo('setup')).toHaveLength(1);
    expect(cairn.stores.connection.get().connectors.map((connector) => connector.id)).toEqual(['io.metamask']);
    await cairn.ready;
  });

  it('shows a remembered connection as reconnecting from the first paint, then restores it after', async () => {
    const first = createTestCairn();
    first.storage.set('connections', [{ namespace: 'eip155', connectorId: 'io.metamask', address: '0x1111111111111111111111111111111111111111' }]);
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } });
    const { cairn } = createTestCairn({ backend: first.backend, adapter });
    expect(cairn.stores.connection.get().status).toBe('reconnecting');
    expect(cairn.stores.account().get().status).toBe('reconnecting');
    runIdle();
    await cairn.ready;
    expect(cairn.stores.connection.get().status).toBe('connected');
  });

  it('a click before the start-up ran starts it and opens the modal on Connect with the wallets', async () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter });
    cairn.open();
    expect(adapter.callsTo('setup')).toHaveLength(1);
    expect(cairn.stores.modal.get().open).toBe(true);
    expect(cairn.stores.connection.get().connectors.map((connector) => connector.id)).toEqual(['io.metamask']);
    runIdle();
    expect(adapter.callsTo('setup')).toHaveLength(1);
    await cairn.ready;
    await expect(cairn.connect('io.metamask')).resolves.toBe(true);
  });

  it("a feature's method or public store read first starts it", () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter, walletConnect: scriptedWalletConnectPlugin(() => Promise.reject(new Error('not in this test'))) });
    expect(cairn.stores.walletConnect.get()).toBeDefined();
    expect(adapter.callsTo('setup')).toHaveLength(1);
    expect(cairn.stores.connection.get().connectors.map((connector) => connector.id)).toContain('walletConnect');
  });

  it('assembles nothing for the first paint: the button reads its status and theme without the stores', () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter, themeMode: 'dark' });
    const paint = firstPaint(cairn);
    expect(paint?.status).toBe('disconnected');
    expect(paint?.theme.get().themeMode).toBe('dark');
    expect(cairn.options.themeMode).toBe('dark');
    expect(firstPaint(cairn)).toBe(paint); // reading the options assembles nothing
    // The first use assembles it, with the same theme store; the start-up still waits for idle.
    expect(cairn.stores.theme).toBe(paint?.theme);
    expect(firstPaint(cairn)).toBeUndefined();
    expect(adapter.callsTo('setup')).toHaveLength(0);
    runIdle();
    expect(adapter.callsTo('setup')).toHaveLength(1);
  });

  it('a remembered connection paints as reconnecting before anything is assembled', () => {
    const first = createTestCairn();
    first.storage.set('connections', [{ namespace: 'eip155', connectorId: 'io.metamask', address: '0x1111111111111111111111111111111111111111' }]);
    const { cairn } = createTestCairn({ backend: first.backend });
    expect(firstPaint(cairn)?.status).toBe('reconnecting');
  });

  it('left unused, it is assembled and started up on the first idle', async () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter });
    runIdle();
    expect(firstPaint(cairn)).toBeUndefined();
    expect(adapter.callsTo('setup')).toHaveLength(1);
    await cairn.ready;
  });

  it('destroyed before the page painted, it never starts', () => {
    const adapter = createFakeAdapter();
    const { cairn } = createTestCairn({ adapter });
    cairn.destroy();
    runIdle();
    expect(adapter.callsTo('setup')).toHaveLength(0);
  });
});
