import { describe, expect, it, vi } from 'vitest';
import { lazyChainAdapter } from './lazyChainAdapter.ts';
import type { AdapterEvents, ChainAdapter } from './types.ts';

const events: AdapterEvents = { connectorsChanged: () => {}, accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} };

function body(): ChainAdapter {
  return {
    namespace: 'bip122',
    setup: vi.fn(() => () => {}),
    getConnectors: () => [{ id: 'w', name: 'W', type: 'ANNOUNCED', chain: 'bip122' }],
    waitForConnector: async () => undefined,
    connect: async () => ({ address: 'a', chainId: 'c', accounts: ['a'] }),
    reconnect: async () => undefined,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ formatted: '1', symbol: 'BTC', decimals: 8, value: 100_000_000n }),
    normalizeAddress: (address) => address.toLowerCase(),
    signMessage: async ({ message }) => `signed ${message}`,
    estimateSend: async () => 141n,
  };
}

describe('lazyChainAdapter', () => {
  it('fetches the body on the first call, sets it up with the events it was given, and forwards', async () => {
    const created = body();
    const create = vi.fn(async () => created);
    const adapter = lazyChainAdapter({ namespace: 'bip122', label: 'Bitcoin', create, optional: ['estimateSend'] });
    const cleanup = adapter.setup(events);
    expect(adapter.getConnectors()).toEqual([]);
    expect(() => adapter.normalizeAddress('BC1Q')).toThrow('Bitcoin support is still loading');
    expect(await adapter.signMessage({ connectorId: 'w', address: 'a', message: 'hi' })).toBe('signed hi');
    expect(await adapter.estimateSend!({} as never)).toBe(141n);
    expect(create).toHaveBeenCalledTimes(1);
    expect(created.setup).toHaveBeenCalledWith(events);
    expect(adapter.normalizeAddress('BC1Q')).toBe('bc1q');
    expect(adapter.getConnectors()).toHaveLength(1);
    cleanup();
  });

  it('offers only the optional parts the body has', () => {
    const adapter = lazyChainAdapter({ namespace: 'bip122', label: 'Bitcoin', create: async () => body(), optional: ['estimateSend'] });
    expect(adapter.estimateSend).toBeTypeOf('function');
    expect(adapter.request).toBeUndefined();
    expect(adapter.sendToken).toBeUndefined();
  });
});
