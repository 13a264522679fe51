import { describe, expect, it, vi } from 'vitest';
import { lazyChainAdapter } from './lazyChainAdapter.ts';
import { testNetworks } from './testing/fakeAdapter.ts';
import type { AdapterEvents, ChainAdapter } from './types.ts';

const events: AdapterEvents = { connectorsChanged: () => {}, accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} };
const network = testNetworks.solana;

/** The body a dynamic import would bring: a small adapter whose calls are recorded. */
function body() {
  const stopped = vi.fn();
  const adapter: ChainAdapter = {
    namespace: 'solana',
    setup: vi.fn(() => stopped),
    getConnectors: () => [{ id: 'one', name: 'One', type: 'ANNOUNCED', chain: 'solana' }],
    waitForConnector: async () => undefined,
    connect: async () => ({ address: 'addr', chainId: network.id, accounts: ['addr'] }),
    reconnect: async () => undefined,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ formatted: '1', symbol: 'SOL', decimals: 9, value: 10n ** 9n }),
    normalizeAddress: (address) => address.trim(),
    signMessage: async ({ message }) => `signed:${message}`,
    sendToken: async () => 'hash',
  };
  return { adapter, stopped };
}

describe('lazyChainAdapter', () => {
  it('offers the declared optional methods before the body arrives, and fetches it once for the first call', async () => {
    const { adapter } = body();
    const load = vi.fn(async () => adapter);
    const lazy = lazyChainAdapter({ namespace: 'solana', label: 'Solana', load, optional: ['sendToken', 'estimateSend'] });
    expect(lazy.namespace).toBe('solana');
    expect(typeof lazy.sendToken).toBe('function');
    expect(lazy.request).toBeUndefined();
    expect(lazy.getConnectors()).toEqual([]);
    expect(() => lazy.normalizeAddress('x')).toThrow('Solana support is still loading');
    const [signature, balance] = await Promise.all([
      lazy.signMessage({ connectorId: 'one', address: 'addr', message: 'hi' }),
      lazy.getBalance({ address: 'addr', network }),
    ]);
    expect(signature).toBe('signed:hi');
    expect(balance.value).toBe(10n ** 9n);
    expect(load).toHaveBeenCalledTimes(1);
    expect(lazy.getConnectors().map((connector) => connector.id)).toEqual(['one']);
    expect(lazy.normalizeAddress(' addr ')).toBe('addr');
    expect(await lazy.sendToken!({ connectorId: 'one', network, from: 'a', receiver: 'b', amount: 1n })).toBe('hash');
    // Declared but missing in the body: a clear error, not a crash.
    await expect(lazy.estimateSend!({ network, from: 'a', receiver: 'b', amount: 1n })).rejects.toThrow('The solana adapter has no estimateSend');
  });

  it('sets the body up with the events once it arrives, and cleans both up', async () => {
    const { adapter, stopped } = body();
    const lazy = lazyChainAdapter({ namespace: 'solana', label: 'Solana', load: async () => adapter, optional: [] });
    const cleanup = lazy.setup(events);
    await lazy.connect({ connectorId: 'one', network });
    expect(adapter.setup).toHaveBeenCalledWith(events);
    cleanup();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it("fetches nothing when set up: the body comes on prefetch (the visitor's intent), once, and is set up with the events", async () => {
    const { adapter } = body();
    const load = vi.fn(async () => adapter);
    const lazy = lazyChainAdapter({ namespace: 'solana', label: 'Solana', load, optional: [] });
    lazy.setup(events);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    lazy.prefetch!();
    lazy.prefetch!();
    await vi.waitFor(() => expect(adapter.setup).toHaveBeenCalledWith(events));
    expect(load).toHaveBeenCalledTimes(1);
    expect(lazy.getConnectors().map((connector) => connector.id)).toEqual(['one']);
  });

  it('tries the fetch again after it failed', async () => {
    const { adapter } = body();
    const load = vi.fn<() => Promise<ChainAdapter>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(adapter);
    const lazy = lazyChainAdapter({ namespace: 'solana', label: 'Solana', load, optional: [] });
    await expect(lazy.connect({ connectorId: 'one', network })).rejects.toThrow('Failed to fetch');
    expect(await lazy.connect({ connectorId: 'one', network })).toMatchObject({ address: 'addr' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
