import type { FastifyInstance } from 'fastify';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRpcProxy } from '../testing/rpcProxy.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { get, startTestServer, testConfig } from '../testing/testServer.ts';
import { UNKNOWN_TOKENS_PER_REQUEST } from './fungiblePrice.ts';

// What one stranger's request can make the node do, counted at a proxy in front of the real devnet.
const devnet = useTestDevnet({ 31337: 22845, 31338: 22846 });
let database: TestDatabase;
let app: FastifyInstance;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  proxy = await startRpcProxy(devnet.devnet().chains.find((chain) => chain.chainId === 31337)!.rpcUrl);
  app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: proxy.url }], { INDEXER_ENABLED: 'false', FORCED_REFRESH_MS: '10000' }));
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await database?.drop();
});
beforeEach(() => proxy.take());

/** Node calls, batches unrolled (a multicall counts once). */
const nodeCalls = () => proxy.take().map((call) => call.method);
const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

describe('costly calls are bounded', () => {
  it(`reads at most ${UNKNOWN_TOKENS_PER_REQUEST} unknown tokens per price request, and remembers them (tokens or not)`, async () => {
    const addresses = Array.from({ length: 100 }, () => `eip155:31337:${randomAddress()}`);
    const price = () => app.inject({ method: 'POST', url: '/v1/fungible/price', payload: { currency: 'usd', addresses, projectId: 'cairn-local' } });
    const first = await price();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().fungibles).toHaveLength(100);
    const metadataCalls = nodeCalls().filter((method) => method === 'eth_call');
    // name, symbol, decimals per token, plus the price lookups (multicalls) for the 100.
    expect(metadataCalls.length).toBeLessThanOrEqual(UNKNOWN_TOKENS_PER_REQUEST * 3 + 10);
    await price();
    const again = nodeCalls().filter((method) => method === 'eth_call');
    expect(again.length).toBeLessThanOrEqual(UNKNOWN_TOKENS_PER_REQUEST * 3 + 10);
    // The first 20 are now remembered: a request for only them reads no metadata.
    const remembered = addresses.slice(0, UNKNOWN_TOKENS_PER_REQUEST);
    await app.inject({ method: 'POST', url: '/v1/fungible/price', payload: { currency: 'usd', addresses: remembered, projectId: 'cairn-local' } });
    expect(nodeCalls().filter((method) => method === 'eth_call').length).toBeLessThanOrEqual(5);
  });

  it('lets a forced balance refresh read the node once per block per account, serving the last answer at the same head', async () => {
    const account = randomAddress();
    const balance = () => get(app, `/v1/account/${account}/balance?currency=usd&chainId=eip155:31337&forceUpdate=true`);
    const first = await balance();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(nodeCalls().length).toBeGreaterThan(1);
    for (let i = 0; i < 5; i++) expect((await balance()).statusCode).toBe(200);
    // Only the head is asked: the chain has not moved, so the balances are not read again.
    expect(nodeCalls().every((method) => method === 'eth_blockNumber')).toBe(true);
    // A transaction to the account makes a new block: the next forced read sees it.
    await devnet.chain(31337).sendNative(0, account, 12_345n);
    const after = await balance();
    expect(after.json().balances.map((entry: { quantity: { numeric: string } }) => entry.quantity.numeric)).toEqual(['0.000000000000012345']);
  });

  it('checks health once a second, however many ask', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject('/health')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(nodeCalls().filter((method) => method === 'eth_blockNumber')).toHaveLength(1);
  });

  it('swap quotes read the node only for listed tokens: strangers naming random ones cost nothing after the first listing', async () => {
    const eth = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const userAddress = `eip155:31337:${randomAddress()}`;
    expect((await get(app, `/v1/convert/tokens?chainId=eip155:31337`)).statusCode).toBe(200);
    nodeCalls();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => get(app, `/v1/convert/quotes?${new URLSearchParams({ from: eth, to: `eip155:31337:${randomAddress()}`, amount: '1000', userAddress })}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    expect(nodeCalls()).toEqual([]);
  });
});
