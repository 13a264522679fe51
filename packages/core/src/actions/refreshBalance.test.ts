import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '../constants.ts';
import { ErrorText } from '../errors.ts';
import { createFakeAdapter, createTestCairn, testNetworks } from '../testing/fakeAdapter.ts';
import type { Balance } from '../types.ts';

const T0 = new Date('2025-06-01T12:00:00Z').getTime();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Only Date is faked: ctx.now is Date.now. interval 0 keeps vi.waitFor from moving the clock.
// Each wait gets 10 s: vi.waitFor's 1 s default is too short for a loaded CI machine (persistedCaches.test ran out at load ~20).
const until = (check: () => void) => vi.waitFor(check, { interval: 0, timeout: 10_000 });

async function connectedCairn(...args: Parameters<typeof createTestCairn>) {
  const test = createTestCairn(...args);
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  const account = () => test.cairn.stores.account().get();
  await until(() => expect(account().balanceLoading).toBe(false));
  return { ...test, account };
}

const ether = (formatted: string, value: bigint): Balance => ({ formatted, symbol: 'ETH', decimals: 18, value });

describe('refreshBalance', () => {
  it('reads the balance after connecting and keeps it formatted with its symbol', async () => {
    const adapter = createFakeAdapter({ wallet: { defaultBalance: 10_000n * 10n ** 18n + 5n * 10n ** 17n } });
    const { account } = await connectedCairn({ adapter });
    expect(account()).toMatchObject({ balance: '10000.5', balanceSymbol: 'ETH', balanceLoading: false, balanceError: undefined });
  });

  it('marks the balance loading while the read is in flight', async () => {
    const test = createTestCairn();
    await test.cairn.ready;
    const read = test.adapter.holdNext('getBalance');
    await test.cairn.connect('io.metamask');
    expect(test.cairn.stores.account().get().balanceLoading).toBe(true);
    read.resolve(ether('2', 2n * 10n ** 18n));
    await until(() => expect(test.cairn.stores.account().get()).toMatchObject({ balance: '2', balanceLoading: false }));
  });

  it('does not ask the adapter on a network the site does not support (SPEC §5)', async () => {
    const adapter = createFakeAdapter({ wallet: { chainId: 999 } });
    const { cairn, account } = await connectedCairn({ adapter, allowUnsupportedChain: true });
    await cairn.refreshBalance({ force: true });
    expect(adapter.callsTo('getBalance')).toEqual([]);
    const { balance, balanceSymbol, balanceLoading, balanceError } = account();
    expect({ balance, balanceSymbol, balanceLoading, balanceError }).toEqual({
      balance: undefined,
      balanceSymbol: undefined,
      balanceLoading: false,
      balanceError: undefined,
    });
  });

  it('does nothing while disconnected', async () => {
    const { cairn, adapter } = createTestCairn();
    await cairn.ready;
    await cairn.refreshBalance({ force: true });
    expect(adapter.callsTo('getBalance')).toEqual([]);
  });

  it('serves a read younger than 30 s from the cache, and reads again at 30 s (SPEC §9)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { cairn, adapter, account } = await connectedCairn();
    expect(adapter.callsTo('getBalance')).toHaveLength(1);

    adapter.wallet.defaultBalance = 3n * 10n ** 18n;
    vi.setSystemTime(T0 + BALANCE_CACHE_MS - 1);
    await cairn.refreshBalance();
    expect(adapter.callsTo('getBalance')).toHaveLength(1);
    expect(account().balance).toBe('1.5');

    vi.setSystemTime(T0 + BALANCE_CACHE_MS);
    await cairn.refreshBalance();
    expect(adapter.callsTo('getBalance')).toHaveLength(2);
    expect(account().balance).toBe('3');
  });

  it('force bypasses the cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { cairn, adapter, account } = await connectedCairn();
    adapter.wallet.defaultBalance = 42n * 10n ** 18n;
    await cairn.refreshBalance({ force: true });
    expect(adapter.callsTo('getBalance')).toHaveLength(2);
    expect(account().balance).toBe('42');
  });

  it('a forced read after a transaction wins over an older read that ends after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { cairn, adapter, account } = await connectedCairn();
    vi.setSystemTime(T0 + BALANCE_CACHE_MS);
    const olderRead = adapter.holdNext('getBalance');
    const older = cairn.refreshBalance();
    adapter.wallet.defaultBalance = 7n * 10n ** 18n;
    await cairn.refreshBalance({ force: true });
    expect(account().balance).toBe('7');
    olderRead.resolve(ether('1.5', 15n * 10n ** 17n));
    await older;
    expect(account()).toMatchObject({ balance: '7', balanceLoading: false });
  });

  it("sets 'Token Balance Unavailable' when the read fails (SPEC §8)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { cairn, adapter, account } = await connectedCairn();
    adapter.failNext('getBalance', new Error('RPC down'));
    await cairn.refreshBalance({ force: true });
    expect(account()).toMatchObject({ balanceLoading: false, balanceError: ErrorText.tokenBalanceUnavailable });
    expect(ErrorText.tokenBalanceUnavailable).toBe('Token Balance Unavailable');
  });

  it('blocks retries for 30 s after a failure, unless forced (SPEC §8)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { cairn, adapter, account } = await connectedCairn();
    const readsBefore = adapter.callsTo('getBalance').length;
    // The balance read at connect has expired, so only the retry block can stop a read.
    const failedAt = T0 + BALANCE_CACHE_MS;
    vi.setSystemTime(failedAt);
    adapter.failNext('getBalance', new Error('RPC down'));
    await cairn.refreshBalance();
    vi.setSystemTime(failedAt + BALANCE_RETRY_BLOCK_MS - 1);
    await cairn.refreshBalance();
    expect(adapter.callsTo('getBalance')).toHaveLength(readsBefore + 1);
    expect(account().balanceError).toBe(ErrorText.tokenBalanceUnavailable);
    await cairn.refreshBalance({ force: true });
    expect(adapter.callsTo('getBalance')).toHaveLength(readsBefore + 2);
    adapter.failNext('getBalance', new Error('RPC down again'));
    vi.setSystemTime(failedAt + 2 * BALANCE_CACHE_MS);
    await cairn.refreshBalance();
    expect(adapter.callsTo('getBalance')).toHaveLength(readsBefore + 3);
    vi.setSystemTime(failedAt + 2 * BALANCE_CACHE_MS + BALANCE_RETRY_BLOCK_MS);
    await cairn.refreshBalance();
    expect(adapter.callsTo('getBalance')).toHaveLength(readsBefore + 4);
    expect(account().balanceError).toBeUndefined();
  });

  it('clears the error on the next successful read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { cairn, adapter, account } = await connectedCairn();
    adapter.failNext('getBalance', new Error('RPC down'));
    await cairn.refreshBalance({ force: true });
    await cairn.refreshBalance({ force: true });
    expect(account()).toMatchObject({ balance: '1.5', balanceError: undefined });
  });

  it('keeps one cache entry per network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const adapter = createFakeAdapter({ wallet: { balances: { 'eip155:10': 25n * 10n ** 16n } } });
    const { cairn, account } = await connectedCairn({ adapter });
    await cairn.switchNetwork(testNetworks.optimism);
    await until(() => expect(account().balance).toBe('0.25'));
    await cairn.switchNetwork(testNetworks.mainnet);
    await until(() => expect(account().balance).toBe('1.5'));
    expect(adapter.callsTo('getBalance').map((call) => call.network.caipNetworkId)).toEqual(['eip155:1', 'eip155:10']);
  });

  it('a read for the previous network does not leave the new one loading', async () => {
    const adapter = createFakeAdapter({ wallet: { balances: { 'eip155:10': 25n * 10n ** 16n } } });
    const { cairn, account } = await connectedCairn({ adapter });
    adapter.emitChainChanged('io.metamask', 10);
    await until(() => expect(account().balance).toBe('0.25'));

    const slowOptimismRead = adapter.holdNext('getBalance');
    const inFlight = cairn.refreshBalance({ force: true });
    expect(account().balanceLoading).toBe(true);
    // Back to mainnet within 30 s: its balance comes from the cache, so nothing is loading.
    adapter.emitChainChanged('io.metamask', 1);
    expect(account()).toMatchObject({ balance: '1.5', balanceLoading: false });

    slowOptimismRead.resolve(ether('0.3', 3n * 10n ** 17n));
    await inFlight;
    expect(account()).toMatchObject({ balance: '1.5', balanceLoading: false, balanceError: undefined });
    expect(adapter.callsTo('getBalance')).toHaveLength(3);
  });

  it("a failed read for the previous network does not mark the new one's balance unavailable", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const adapter = createFakeAdapter({ wallet: { balances: { 'eip155:10': 25n * 10n ** 16n } } });
    const { cairn, account } = await connectedCairn({ adapter });
    const slowMainnetRead = adapter.holdNext('getBalance');
    const inFlight = cairn.refreshBalance({ force: true });
    adapter.emitChainChanged('io.metamask', 10);
    await until(() => expect(account()).toMatchObject({ balance: '0.25', balanceLoading: false }));

    slowMainnetRead.reject(new Error('timeout'));
    await inFlight;
    expect(account()).toMatchObject({ balance: '0.25', balanceLoading: false, balanceError: undefined });
  });

  it('a read that ends after a disconnect leaves the empty account alone', async () => {
    const { cairn, adapter, account } = await connectedCairn();
    const slowRead = adapter.holdNext('getBalance');
    const inFlight = cairn.refreshBalance({ force: true });
    await cairn.disconnect();
    slowRead.resolve(ether('9', 9n * 10n ** 18n));
    await inFlight;
    const { status, address, balance, balanceLoading } = account();
    expect({ status, address, balance, balanceLoading }).toEqual({
      status: 'disconnected',
      address: undefined,
      balance: undefined,
      balanceLoading: false,
    });
  });
});
