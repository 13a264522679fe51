import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_RETRIES } from '../../constants.ts';
import { ErrorText } from '../../errors.ts';
import { createTestCairn, testNetworks } from '../../testing/fakeAdapter.ts';
import { historyTransaction, spamNft } from '../../testing/historyTransaction.ts';
import type { HistoryTransaction } from '../../api/historyApi.ts';

// A stand-in for the server's history route on loopback (the real route is tested in
// packages/server against the devnet, and the whole Activity view in e2e/activity.e2e.ts).
let server: Server;
let url: string;
let requests: URL[];
let pages: Map<string, { status?: number; data?: HistoryTransaction[]; next?: string | null; failures?: number }>;
/** The server's onramp view (`onramp=local`): the purchases, or its failure. */
let purchases: { status?: number; data: HistoryTransaction[] };
let purchaseReads: number;
/** When each purchases read reached the server (ms, performance.now). */
let purchaseReadTimes: number[];

beforeEach(async () => {
  requests = [];
  pages = new Map();
  purchases = { data: [] };
  purchaseReads = 0;
  purchaseReadTimes = [];
  server = createServer((request, response) => {
    const requested = new URL(request.url!, 'http://x');
    // Balances and identity are not this file's subject: the widget falls back to the chain.
    if (!requested.pathname.endsWith('/history')) return void response.writeHead(404).end();
    if (requested.searchParams.get('onramp') === 'local') {
      purchaseReads += 1;
      purchaseReadTimes.push(performance.now());
      response.writeHead(purchases.status ?? 200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ data: purchases.data, next: null }));
    }
    requests.push(requested);
    const page = pages.get(requested.searchParams.get('cursor') ?? '') ?? { data: [], next: null };
    if (page.failures) {
      page.failures -= 1;
      return void response.writeHead(503).end();
    }
    response.writeHead(page.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: page.data ?? [], next: page.next ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function connected(options: { onramp?: boolean } = {}) {
  const test = createTestCairn({ api: { url, projectId: 'test' }, ...(options.onramp === false ? { features: { onramp: false } } : {}) });
  await test.cairn.ready;
  await test.cairn.connect('io.metamask');
  return test;
}

const onMainnet = (hash: string, minedAt = '2026-11-10T12:00:00.000Z') => historyTransaction({ hash, minedAt, chain: 'eip155:1' });

describe('fetchTransactions (SPEC §4)', () => {
  it("fetches the connected chain's page, drops spam and other chains, groups by year, keeps the cursor", async () => {
    pages.set('', {
      data: [onMainnet('a'), historyTransaction({ hash: 'spam', chain: 'eip155:1', transfers: [spamNft()] }), historyTransaction({ hash: 'other', chain: 'eip155:10' }), onMainnet('b', '2025-06-01T12:00:00.000Z')],
      next: 'c2',
    });
    const { cairn } = await connected();
    const fetching = cairn.fetchTransactions();
    await fetching;
    const state = cairn.stores.transactions.get();
    expect(state.transactions.map((t) => t.metadata.hash)).toEqual(['a', 'b']);
    expect(Object.keys(state.transactionsByYear)).toEqual(['2025', '2026']);
    expect(state).toMatchObject({ loading: false, empty: false, next: 'c2', lastNetworkInView: 'eip155:1' });
    expect(requests[0]!.pathname).toBe('/v1/account/0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266/history');
    expect(requests[0]!.searchParams.get('chainId')).toBe('eip155:1');
    expect(requests[0]!.searchParams.has('cursor')).toBe(false);
  });

  it('appends the next page by cursor, and stops at the last', async () => {
    pages.set('', { data: [onMainnet('a')], next: 'c2' });
    pages.set('c2', { data: [onMainnet('b')], next: null });
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    await cairn.loadMoreTransactions();
    expect(cairn.stores.transactions.get().transactions.map((t) => t.metadata.hash)).toEqual(['a', 'b']);
    expect(cairn.stores.transactions.get().next).toBeUndefined();
    await cairn.loadMoreTransactions();
    expect(requests.map((r) => r.searchParams.get('cursor'))).toEqual([null, 'c2']);
  });

  it('sets empty when the account has none', async () => {
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    expect(cairn.stores.transactions.get()).toMatchObject({ transactions: [], empty: true, loading: false });
  });

  it("on error clears loading and the cursor, sets empty and says 'Failed to fetch transactions'", async () => {
    pages.set('', { data: [onMainnet('a')], next: 'c2' });
    pages.set('c2', { status: 404 });
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    await cairn.loadMoreTransactions();
    expect(cairn.stores.transactions.get()).toMatchObject({ loading: false, empty: true, next: undefined, error: ErrorText.failedToFetchTransactions });
  });

  it('refuses a page of the wrong shape the same way', async () => {
    pages.set('', { data: [{ id: 'x' } as unknown as HistoryTransaction] });
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    expect(cairn.stores.transactions.get().error).toBe(ErrorText.failedToFetchTransactions);
  });

  it('starts afresh on another network: "load more" there does not continue the old list', async () => {
    pages.set('', { data: [onMainnet('a')], next: 'c2' });
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    await cairn.switchNetwork(testNetworks.optimism);
    pages.set('', { data: [historyTransaction({ hash: 'op', chain: 'eip155:10' })], next: null });
    await cairn.loadMoreTransactions();
    expect(requests.at(-1)!.searchParams.get('chainId')).toBe('eip155:10');
    expect(requests.at(-1)!.searchParams.has('cursor')).toBe(false);
    expect(cairn.stores.transactions.get()).toMatchObject({ lastNetworkInView: 'eip155:10' });
    expect(cairn.stores.transactions.get().transactions.map((t) => t.metadata.hash)).toEqual(['op']);
  });

  it('is empty without an account (SPEC §5), and cleared on disconnect', async () => {
    const test = createTestCairn({ api: { url, projectId: 'test' } });
    await test.cairn.ready;
    await test.cairn.fetchTransactions();
    expect(requests).toEqual([]);
    expect(test.cairn.stores.transactions.get().empty).toBe(true);
    pages.set('', { data: [onMainnet('a')] });
    await test.cairn.connect('io.metamask');
    await test.cairn.fetchTransactions();
    await test.cairn.disconnect();
    expect(test.cairn.stores.transactions.get().transactions).toEqual([]);
  });
});

describe('fetchTransactions, twice at once', () => {
  it('keeps only the answer to the latest fresh fetch (a view mounted twice asks twice)', async () => {
    pages.set('', { data: [onMainnet('a'), onMainnet('b')], next: 'c2' });
    const { cairn } = await connected();
    await Promise.all([cairn.fetchTransactions(), cairn.fetchTransactions()]);
    expect(cairn.stores.transactions.get().transactions.map((t) => t.metadata.hash)).toEqual(['a', 'b']);
  });
});

describe('fetchTransactions through the query cache (SPEC §9)', () => {
  afterEach(() => void vi.useRealTimers());

  it('a server still unavailable after the HTTP retries is asked again 1 s later, and the list shows', async () => {
    const { cairn } = await connected();
    // The HTTP client's own tries (1 + 3), all refused: then the query's first retry answers.
    pages.set('', { data: [onMainnet('a')], next: null, failures: 1 + HTTP_RETRIES });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetched = cairn.fetchTransactions();
    let done = false;
    void fetched.finally(() => (done = true));
    let elapsed = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(50);
      elapsed += 50;
    }
    expect(requests.length).toBe(2 + HTTP_RETRIES);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(cairn.stores.transactions.get()).toMatchObject({ error: undefined, empty: false });
    expect(cairn.stores.transactions.get().transactions.map((t) => t.metadata.hash)).toEqual(['a']);
  });
});

describe('fetchTransactions with the onramp purchases (SPEC §3 coinbaseTransactions)', () => {
  const bought = (hash: string, minedAt: string, status: 'pending' | 'confirmed' = 'confirmed') => ({
    ...historyTransaction({ hash, minedAt, chain: 'eip155:1', operationType: 'receive', status }),
    purchase: { provider: 'Cairn Local Express', paid: { value: '50.00', currency: 'USD' } },
  });

  it('shows them beside the transactions, by time, one row for a purchase and its payment, and keeps them for the next page', async () => {
    pages.set('', { data: [onMainnet('0xsent', '2026-11-12T12:00:00.000Z'), onMainnet('0xpaid', '2026-11-10T12:00:00.000Z')], next: 'c2' });
    pages.set('c2', { data: [onMainnet('0xolder', '2026-10-01T12:00:00.000Z')], next: null });
    purchases = { data: [bought('0xpending', '2026-11-20T12:00:00.000Z', 'pending'), bought('0xpaid', '2026-11-10T12:00:00.000Z')] };
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    const rows = () => Object.values(cairn.stores.transactions.get().transactionsByYear[2026]!).reverse().flat().map((entry) => [entry.metadata.hash, entry.metadata.status, entry.purchase?.provider]);
    expect(rows()).toEqual([
      ['0xpending', 'pending', 'Cairn Local Express'],
      ['0xsent', 'confirmed', undefined],
      ['0xpaid', 'confirmed', 'Cairn Local Express'],
    ]);
    expect(cairn.stores.transactions.get().onrampPurchases.map((entry) => entry.metadata.hash)).toEqual(['0xpending', '0xpaid']);
    await cairn.loadMoreTransactions();
    expect(rows().map(([hash]) => hash)).toEqual(['0xpending', '0xsent', '0xpaid', '0xolder']);
    expect(purchaseReads).toBe(1);
  });

  it('shows the transactions alone when the purchases cannot be read, and asks for none when the site has no Buy', async () => {
    pages.set('', { data: [onMainnet('0xsent')], next: null });
    purchases = { status: 404, data: [] };
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    expect(cairn.stores.transactions.get()).toMatchObject({ error: undefined, onrampPurchases: [], transactions: [{ metadata: { hash: '0xsent' } }] });
    purchaseReads = 0;
    const { cairn: withoutBuy } = await connected({ onramp: false });
    await withoutBuy.fetchTransactions();
    expect([purchaseReads, withoutBuy.stores.transactions.get().transactions.length]).toEqual([0, 1]);
  });

  it('an account with only purchases is not empty', async () => {
    purchases = { data: [bought('0xpending', '2026-11-20T12:00:00.000Z', 'pending')] };
    const { cairn } = await connected();
    await cairn.fetchTransactions();
    expect(cairn.stores.transactions.get()).toMatchObject({ empty: false, transactions: [], onrampPurchases: [{ metadata: { hash: '0xpending' } }] });
  });
});

describe('a pending purchase is followed while Activity shows it (issue 28)', () => {
  const purchase = (status: 'pending' | 'confirmed' | 'failed') => ({
    ...historyTransaction({ hash: '0xbought', minedAt: '2026-11-20T12:00:00.000Z', chain: 'eip155:1', operationType: 'receive', status }),
    purchase: {},
  });
  const statusShown = (cairn: Awaited<ReturnType<typeof connected>>['cairn']) => cairn.stores.transactions.get().transactionsByYear[2026]?.[10]?.[0]?.metadata.status;
  const gaps = () => purchaseReadTimes.slice(1).map((time, index) => time - purchaseReadTimes[index]!);

  it('reads its status again after 1 s, then 2 s (SPEC §9 backoff), shows it completed, and reads no more', async () => {
    purchases = { data: [purchase('pending')] };
    const { cairn } = await connected();
    cairn.open({ view: 'Activity' });
    await cairn.fetchTransactions();
    expect(statusShown(cairn)).toBe('pending');
    await vi.waitFor(() => expect(purchaseReads).toBe(2), { timeout: 2_000, interval: 20 });
    expect(statusShown(cairn)).toBe('pending');
    purchases = { data: [purchase('confirmed')] };
    await vi.waitFor(() => expect(statusShown(cairn)).toBe('confirmed'), { timeout: 3_000, interval: 20 });
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(990);
    // Upper bounds loose enough for a busy machine, still apart: the wait doubled.
    expect(first).toBeLessThan(1_900);
    expect(second).toBeGreaterThanOrEqual(1_990);
    expect(second).toBeLessThan(2_900);
    // Settled: the balance and the history are read again once (transactionConfirmed), then nothing follows it.
    const reads = purchaseReads;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(purchaseReads).toBeLessThanOrEqual(reads + 1);
    expect(statusShown(cairn)).toBe('confirmed');
  });

  it('shows it failed when its payment failed', async () => {
    purchases = { data: [purchase('pending')] };
    const { cairn } = await connected();
    cairn.open({ view: 'Activity' });
    await cairn.fetchTransactions();
    purchases = { data: [purchase('failed')] };
    await vi.waitFor(() => expect(statusShown(cairn)).toBe('failed'), { timeout: 2_000, interval: 20 });
    expect(purchaseReads).toBe(2);
  });

  it('stops when the modal closes, and does not start where Activity is not shown', async () => {
    purchases = { data: [purchase('pending')] };
    const { cairn } = await connected();
    cairn.open({ view: 'Activity' });
    await cairn.fetchTransactions();
    cairn.close();
    // Not on Activity: Account lists no history, so nothing is followed there either.
    cairn.open({ view: 'Account' });
    await cairn.fetchTransactions();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(purchaseReads).toBe(2);
    expect(statusShown(cairn)).toBe('pending');
  });
});
