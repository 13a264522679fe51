import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS, STORAGE_PREFIX } from '../constants.ts';
import { ErrorText } from '../errors.ts';
import { memoryStorage } from '../storage.ts';
import { createFakeAdapter, createTestCairn } from '../testing/fakeAdapter.ts';
import { PORTFOLIO_CACHE_ENTRIES, PORTFOLIO_CACHE_KEY } from './persistedCaches.ts';

const T0 = new Date('2026-11-24T12:00:00Z').getTime();
// Each wait gets 10 s: vi.waitFor's 1 s default ran out in a clean CI run at load ~20 (the request's answer late, not wrong).
const until = (check: () => void) => vi.waitFor(check, { interval: 0, timeout: 10_000 });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function visit(backend = memoryStorage(), adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']) } })) {
  const test = createTestCairn({ backend, adapter });
  await test.cairn.ready;
  return { ...test, account: () => test.cairn.stores.account().get() };
}

describe('the portfolio cache in storage (SPEC §3, §9)', () => {
  it("shows the last visit's balance at once after a reload, while the wallet's is read again", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = await visit();
    await first.cairn.connect('io.metamask');
    await until(() => expect(first.account().balance).toBe('1.5'));

    // A reload an hour later, the wallet's balance now different and slow to answer.
    vi.setSystemTime(T0 + 3_600_000);
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']), defaultBalance: 2_000_000_000_000_000_000n } });
    const held = adapter.holdNext('getBalance');
    const second = await visit(first.backend, adapter);
    await until(() => expect(second.account()).toMatchObject({ status: 'connected', balance: '1.5', balanceLoading: true }));
    held.resolve({ formatted: '2', symbol: 'ETH', decimals: 18, value: 2_000_000_000_000_000_000n });
    await until(() => expect(second.account()).toMatchObject({ balance: '2', balanceLoading: false }));
  });

  it("reads again after a reload that came before the visitor's own transaction was seen mined, instead of the balance from before it (issue 24)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = await visit();
    await first.cairn.connect('io.metamask');
    await until(() => expect(first.account().balance).toBe('1.5'));
    // The site sends a transaction through the widget; the page reloads before its receipt.
    Object.assign(first.adapter, { request: async () => `0x${'ab'.repeat(32)}`, waitForTransaction: () => new Promise(() => undefined) });
    await first.cairn.request({ method: 'eth_sendTransaction', params: [{ to: `0x${'1'.repeat(40)}` }] });
    const stored = () => first.storage.read(PORTFOLIO_CACHE_KEY, (value) => value as { outdated?: boolean }[]);
    await until(() => expect(stored()?.[0]?.outdated).toBe(true));

    // 5 s later: within the 30 s a stored balance counts as fresh, but it was read before the transaction.
    vi.setSystemTime(T0 + 5000);
    const adapter = createFakeAdapter({ wallet: { authorized: new Set(['io.metamask']), defaultBalance: 1_200_000_000_000_000_000n } });
    const second = await visit(first.backend, adapter);
    await until(() => expect(second.account()).toMatchObject({ status: 'connected', balance: '1.2', balanceLoading: false }));
    expect(adapter.callsTo('getBalance')).toHaveLength(1);
    // Read again, it is fresh for its 30 s.
    expect(stored()?.[0]?.outdated).toBeUndefined();
  });

  it('keeps the balance outdated when the transaction was sent while a read was in flight: its answer may be from before it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = await visit();
    await first.cairn.connect('io.metamask');
    await until(() => expect(first.account().balance).toBe('1.5'));
    // A forced read goes out (an approval mined, say) and is slow; meanwhile the visitor's swap is sent.
    const held = first.adapter.holdNext('getBalance');
    const reading = first.cairn.refreshBalance({ force: true });
    Object.assign(first.adapter, { request: async () => `0x${'cd'.repeat(32)}`, waitForTransaction: () => new Promise(() => undefined) });
    await first.cairn.request({ method: 'eth_sendTransaction', params: [{ to: `0x${'1'.repeat(40)}` }] });
    const stored = () => first.storage.read(PORTFOLIO_CACHE_KEY, (value) => value as { outdated?: boolean }[]);
    await until(() => expect(stored()?.[0]?.outdated).toBe(true));
    // The read begun before the transaction answers: it is shown, but not counted as fresh.
    held.resolve({ formatted: '1.4', symbol: 'ETH', decimals: 18, value: 1_400_000_000_000_000_000n });
    await reading;
    expect(first.account().balance).toBe('1.4');
    expect(stored()?.[0]?.outdated).toBe(true);
  });

  it('counts a stored balance as fresh only within its 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = await visit();
    await first.cairn.connect('io.metamask');
    await until(() => expect(first.account().balance).toBe('1.5'));
    vi.setSystemTime(T0 + BALANCE_CACHE_MS - 1000);
    const second = await visit(first.backend);
    await until(() => expect(second.account().status).toBe('connected'));
    await until(() => expect(second.account().balanceLoading).toBe(false));
    expect(second.adapter.callsTo('getBalance')).toHaveLength(0);
  });

  it('drops a corrupted or foreign cache instead of showing it', async () => {
    const backend = memoryStorage();
    const key = `${STORAGE_PREFIX}${PORTFOLIO_CACHE_KEY}`;
    for (const bad of ['not json', JSON.stringify([{ key: 'eip155:1:0x1', at: 1, balance: { formatted: '1e99', symbol: 'ETH', decimals: 18, value: '1' }, tokens: [] }]), JSON.stringify({ a: 1 })]) {
      backend.setItem(key, bad);
      const { cairn, account } = await visit(backend);
      await cairn.connect('io.metamask');
      await until(() => expect(account().balance).toBe('1.5'));
      expect(JSON.parse(backend.getItem(key)!)).toHaveLength(1);
    }
  });

  it(`keeps at most ${PORTFOLIO_CACHE_ENTRIES} entries, the most recent`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The clock starts at T0 (not today's real time, which may be later than every step below).
    vi.setSystemTime(T0);
    const { cairn, backend, adapter } = await visit();
    await cairn.connect('io.metamask');
    // The first account's read lands before the clock moves: a read finishing late would be stored as the newest.
    await until(() => expect(backend.getItem(`${STORAGE_PREFIX}${PORTFOLIO_CACHE_KEY}`)).not.toBeNull());
    for (let i = 0; i < PORTFOLIO_CACHE_ENTRIES + 3; i += 1) {
      vi.setSystemTime(T0 + (i + 1) * 60_000);
      adapter.emitAccountsChanged('io.metamask', [`0x${(i + 1).toString(16).padStart(40, '0')}`]);
      await until(() => expect(cairn.stores.account().get().balanceLoading).toBe(false));
      await cairn.refreshBalance({ force: true });
    }
    const stored = JSON.parse(backend.getItem(`${STORAGE_PREFIX}${PORTFOLIO_CACHE_KEY}`)!) as { key: string }[];
    expect(stored).toHaveLength(PORTFOLIO_CACHE_ENTRIES);
    expect(stored[0]!.key).toBe(`eip155:1:0x${(PORTFOLIO_CACHE_ENTRIES + 3).toString(16).padStart(40, '0')}`);
  });

  it('forgets the balances of a namespace that disconnects', async () => {
    const { cairn, backend, account } = await visit();
    await cairn.connect('io.metamask');
    await until(() => expect(account().balance).toBe('1.5'));
    await cairn.disconnect();
    expect(backend.getItem(`${STORAGE_PREFIX}${PORTFOLIO_CACHE_KEY}`)).toBeNull();
  });
});

describe("'Token Balance Unavailable' (SPEC §8)", () => {
  it('is a toast, once per failure, not again while retries are blocked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { cairn, adapter } = await visit();
    await cairn.connect('io.metamask');
    await until(() => expect(cairn.stores.account().get().balanceLoading).toBe(false));
    const toasts: string[] = [];
    cairn.stores.toast.subscribe(() => {
      const toast = cairn.stores.toast.get();
      if (toast.open) toasts.push(`${toast.variant}: ${toast.message}`);
    });
    adapter.failNext('getBalance', new Error('RPC down'));
    await cairn.refreshBalance({ force: true });
    vi.setSystemTime(T0 + BALANCE_RETRY_BLOCK_MS - 1);
    await cairn.refreshBalance();
    expect(toasts).toEqual([`error: ${ErrorText.tokenBalanceUnavailable}`]);
  });
});
