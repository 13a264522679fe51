import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, createTestCairn } from '../../testing/fakeAdapter.ts';
import { historyTransaction } from '../../testing/historyTransaction.ts';
import type { HistoryTransaction } from '../../api/historyApi.ts';

// A stand-in for the site's server on loopback that answers from `chain` (the real routes run on
// the devnet in packages/server, and the whole flow in e2e/freshBalances.e2e.ts).
const HASH = `0x${'cd'.repeat(32)}`;
let server: Server;
let url: string;
let chain: { ether: string; history: HistoryTransaction[] };
let balanceReads: { forceUpdate: string | null }[];

beforeEach(async () => {
  chain = { ether: '1', history: [] };
  balanceReads = [];
  server = createServer((request, response) => {
    const requested = new URL(request.url!, 'http://x');
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, max-age=30' });
    if (requested.pathname.endsWith('/balance')) {
      balanceReads.push({ forceUpdate: requested.searchParams.get('forceUpdate') });
      const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: '18', numeric: chain.ether }, iconUrl: '' };
      return void response.end(JSON.stringify({ balances: [eth] }));
    }
    if (requested.pathname.endsWith('/history')) return void response.end(JSON.stringify({ data: chain.history, next: null }));
    response.end(JSON.stringify({ name: null, avatar: null })); // identity: none
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const WAIT = { timeout: 10_000 };

describe('a transaction of the visitor confirmed', () => {
  // Reads through a real HTTP server: vi.waitFor's 1 s default ran out in a CI run at load 15.
  it("a site's own eth_sendTransaction, once mined, reads the balance past every cache and lists it in Activity", async () => {
    let mine!: () => void;
    const mined = new Promise<'success'>((resolve) => (mine = () => resolve('success')));
    const adapter = Object.assign(createFakeAdapter(), { request: async () => HASH, waitForTransaction: () => mined });
    const { cairn } = createTestCairn({ adapter, api: { url, projectId: 'test' } });
    await cairn.ready;
    await cairn.connect('io.metamask');
    await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('1'), WAIT);
    await cairn.fetchTransactions();
    const readsBefore = balanceReads.length;

    await cairn.request({ method: 'eth_sendTransaction', params: [{ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '0x1' }] });
    await vi.waitFor(() => expect(cairn.stores.pendingTransactions.get().pending.map((entry) => entry.hash)).toEqual([HASH]), WAIT);
    chain = { ether: '0.5', history: [historyTransaction({ hash: HASH, chain: 'eip155:1' })] };
    mine();

    await vi.waitFor(() => expect(cairn.stores.account().get().balance).toBe('0.5'), WAIT);
    expect(balanceReads.slice(readsBefore)).toEqual([{ forceUpdate: 'true' }]);
    await vi.waitFor(() => expect(cairn.stores.transactions.get().transactions.map((entry) => entry.metadata.hash)).toEqual([HASH]), WAIT);
    expect(cairn.stores.pendingTransactions.get().pending).toEqual([]);
  });
});
