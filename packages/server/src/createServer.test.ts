import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from './createServer.ts';
import { ERROR_TEXTS } from './http/errors.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing/testDatabases.ts';
import { ACCESS, ACCESS_QUERY, get, startTestServer, testConfig } from './testing/testServer.ts';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

// Request hygiene with no chain behind the server: nothing here needs a devnet.
describe.each(await testDatabaseKinds())('server on $name: requests', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await startTestServer(
      testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }], { INDEXER_ENABLED: 'false', ANALYTICS_ENABLED: 'true' }),
    );
    await app.cairn.db.insertInto('names').values({ name: 'alice.cairn.id', address: ADDRESS.toLowerCase(), avatar: 'https://example.org/a.png', created_at: 1 }).execute();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.skipIf(skip)('lists the configured chains as CAIP-2 ids', async () => {
    const response = await get(app, '/v1/supported-chains');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ http: ['eip155:31337'], ws: [] });
  });

  it.skipIf(skip)('reports a chain it cannot reach as degraded, with the database up', async () => {
    const response = await app.inject('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      chains: [{ chainId: 'eip155:31337', head: null, indexedBlock: null, indexer: 'off', leading: false }],
    });
  });

  it.skipIf(skip)('answers 401 naming projectId when it is missing or unknown', async () => {
    const missing = await app.inject('/v1/supported-chains?st=a&sv=1');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ message: ERROR_TEXTS.missingProjectId, field: 'projectId' });
    const unknown = await app.inject('/getWallets?projectId=someone-else&st=a&sv=1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: ERROR_TEXTS.unknownProjectId('someone-else'), field: 'projectId' });
    const post = await app.inject({ method: 'POST', url: '/v1/fungible/price?st=a&sv=1', payload: { currency: 'usd', addresses: [], projectId: 'nope' } });
    expect(post.statusCode).toBe(401);
  });

  it.skipIf(skip)('answers 400 naming st or sv when either is missing', async () => {
    const noSt = await app.inject(`/v1/supported-chains?projectId=${ACCESS.projectId}&sv=1`);
    expect(noSt.statusCode).toBe(400);
    expect(noSt.json()).toMatchObject({ field: 'st', message: ERROR_TEXTS.missingSdkParam('st') });
    const noSv = await app.inject(`/getAnalyticsConfig?projectId=${ACCESS.projectId}&st=react`);
    expect(noSv.json()).toMatchObject({ field: 'sv' });
  });

  it.skipIf(skip)('accepts projectId in a POST body, with or without st and sv in the query', async () => {
    for (const url of ['/v1/fungible/price?st=a&sv=1', '/v1/fungible/price']) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: { currency: 'usd', addresses: ['eip155:1:0x0000000000000000000000000000000000000001'], projectId: ACCESS.projectId },
      });
      expect(response.statusCode, url).toBe(400); // past the access check: chain 1 is not configured here
      expect(response.json()).toMatchObject({ field: 'addresses[0]' });
    }
  });

  // Every route with an input: a bad value gets a 4xx whose message names the field.
  const badInputs: [string, string, string][] = [
    ['balance address', '/v1/account/0x123/balance', 'address'],
    ['balance chainId', `/v1/account/${ADDRESS}/balance?chainId=31337`, 'chainId'],
    ['balance chain not served', `/v1/account/${ADDRESS}/balance?chainId=eip155:1`, 'chainId'],
    ['balance currency', `/v1/account/${ADDRESS}/balance?currency=btc`, 'currency'],
    ['balance forceUpdate', `/v1/account/${ADDRESS}/balance?forceUpdate=maybe`, 'forceUpdate'],
    ['history account', '/v1/account/not-an-address/history', 'account'],
    ['history cursor (charset)', `/v1/account/${ADDRESS}/history?cursor=${encodeURIComponent('a b')}`, 'cursor'],
    ['history cursor (forged)', `/v1/account/${ADDRESS}/history?cursor=${Buffer.from('[2,3]').toString('base64url')}`, 'cursor'],
    ['history chainId', `/v1/account/${ADDRESS}/history?chainId=eip155:abc`, 'chainId'],
    ['history onramp', `/v1/account/${ADDRESS}/history?onramp=moonpay`, 'onramp'],
    ['history limit', `/v1/account/${ADDRESS}/history?limit=1000`, 'limit'],
    ['gas-price chainId missing', '/v1/convert/gas-price', 'chainId'],
    ['gas-price chainId', '/v1/convert/gas-price?chainId=ethereum', 'chainId'],
    ['identity address', '/v1/identity/0xZZ', 'address'],
    ['identity sender', `/v1/identity/${ADDRESS}?sender=bob`, 'sender'],
    ['wallets page', '/getWallets?page=0', 'page'],
    ['wallets entries', '/getWallets?entries=500', 'entries'],
    ['wallets badge_type', '/getWallets?badge_type=gold', 'badge_type'],
    ['wallets chains', '/getWallets?chains=eip155:1,nonsense', 'chains'],
    ['wallets include', `/getWallets?include=${encodeURIComponent('<script>')}`, 'include'],
    ['wallet image id', `/getWalletImage/${encodeURIComponent('../../etc/passwd')}`, 'id'],
    ['asset image id', `/public/getAssetImage/${encodeURIComponent('a b')}`, 'id'],
  ];
  it.skipIf(skip).each(badInputs)('rejects a bad %s with 400 naming the field', async (_what, path, field) => {
    const response = await get(app, path);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field).toBe(field);
    expect(body.message).toContain(field);
    expect(body).not.toHaveProperty('stack');
  });

  it.skipIf(skip)('rejects a bad POST /v1/fungible/price body naming the field', async () => {
    const post = (payload: unknown) => app.inject({ method: 'POST', url: `/v1/fungible/price?${ACCESS_QUERY}`, payload: payload as object });
    const cases: [unknown, string][] = [
      [{ currency: 'usd' }, 'addresses'],
      [{ currency: 'usd', addresses: [] }, 'addresses'],
      [{ currency: 'usd', addresses: ['eip155:31337:0x12'] }, 'addresses[0]'],
      [{ currency: 'eur', addresses: ['eip155:31337:0x0000000000000000000000000000000000000001'] }, 'currency'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field, JSON.stringify(payload)).toBe(field);
    }
    const notJson = await app.inject({ method: 'POST', url: `/v1/fungible/price?${ACCESS_QUERY}`, headers: { 'content-type': 'application/json' }, payload: '{"currency":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).not.toContain('at ');
  });

  it.skipIf(skip)('answers the gas price of an unconfigured chain with the SPEC §8 text', async () => {
    const response = await get(app, '/v1/convert/gas-price?chainId=eip155:1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ERROR_TEXTS.gasPriceNetworkNotSupported);
  });

  it.skipIf(skip)('answers 502, not 500, when the chain node is down', async () => {
    const response = await get(app, `/v1/account/${ADDRESS}/balance?chainId=eip155:31337`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(ERROR_TEXTS.chainUnavailable('eip155:31337'));
  });

  it.skipIf(skip)('answers an unknown route with 404 and a message, without a stack trace', async () => {
    const response = await app.inject('/nope?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No route GET /nope' });
  });

  it.skipIf(skip)('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/fungible/price?${ACCESS_QUERY}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ currency: 'usd', addresses: ['x'.repeat(100_000)] }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it.skipIf(skip)('gives every response a request id, keeping a sane one the caller sent', async () => {
    const fresh = await app.inject('/health');
    // This process's prefix and a counter.
    const ownId = /^[0-9a-f]{8}-[0-9a-z]+$/;
    expect(fresh.headers['x-request-id']).toMatch(ownId);
    expect((await app.inject('/health')).headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const kept = await app.inject({ url: '/health', headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await app.inject({ url: '/health', headers: { 'x-request-id': `<script>${'x'.repeat(100)}` } });
    expect(replaced.headers['x-request-id']).toMatch(ownId);
  });

  it.skipIf(skip)('allows the demo origins by CORS and refuses others', async () => {
    const allowed = await get(app, '/v1/supported-chains', { origin: 'http://127.0.0.1:5173' });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    const other = await get(app, '/v1/supported-chains', { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/fungible/price',
      headers: { origin: 'http://127.0.0.1:24173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const refused = await app.inject({ method: 'OPTIONS', url: '/v1/fungible/price', headers: { origin: 'https://evil.example' } });
    expect(refused.statusCode).toBe(403);
  });

  it.skipIf(skip)('reads a name and avatar from the names table, and nulls for an address without one', async () => {
    const named = await get(app, `/v1/identity/${ADDRESS}`);
    expect(named.json()).toEqual({ name: 'alice.cairn.id', avatar: 'https://example.org/a.png' });
    expect(named.headers['cache-control']).toBe('public, max-age=300');
    const unnamed = await get(app, '/v1/identity/0x0000000000000000000000000000000000000001');
    expect(unnamed.json()).toEqual({ name: null, avatar: null });
  });

  it.skipIf(skip)('serves the analytics switch from config', async () => {
    expect((await get(app, '/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: true });
  });

  it.skipIf(skip)('pages the 616-wallet catalogue by 40 and searches by name, prefix first', async () => {
    const first = (await get(app, '/getWallets')).json();
    expect(first.count).toBe(616);
    expect(first.data).toHaveLength(40);
    expect(first.data[0]).toMatchObject({ id: 'io.metamask', name: 'MetaMask', image_id: 'io.metamask', rdns: 'io.metamask' });
    const last = (await get(app, '/getWallets?page=16')).json();
    expect(last.data).toHaveLength(616 - 15 * 40);
    const search = (await get(app, '/getWallets?search=TRUST')).json();
    expect(search.data[0].name).toMatch(/^Trust/i);
    expect(search.data.every((wallet: { name: string }) => /trust/i.test(wallet.name))).toBe(true);
    const ranks = search.data.map((wallet: { name: string }) => (wallet.name.toLowerCase().startsWith('trust') ? 0 : 1));
    expect(ranks).toEqual([...ranks].sort());
  });

  it.skipIf(skip)('filters the catalogue by include, exclude (our id, the WalletConnect id or the rdns), chains and badge', async () => {
    const included = (await get(app, '/getWallets?include=io.metamask,com.trustwallet.app,nope')).json();
    expect(included.data.map((wallet: { id: string }) => wallet.id).sort()).toEqual(['com.trustwallet.app', 'io.metamask']);
    const byWcId = (await get(app, '/getWallets?include=c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96')).json();
    expect(byWcId.data.map((wallet: { id: string }) => wallet.id)).toEqual(['io.metamask']);
    // Gate's browser extension announces io.gate.wallet; its catalogue id is net.gateweb3.
    const byRdns = (await get(app, '/getWallets?include=io.gate.wallet')).json();
    expect(byRdns.data.map((wallet: { id: string; rdns: string }) => [wallet.id, wallet.rdns])).toEqual([['net.gateweb3', 'io.gate.wallet']]);
    const excluded = (await get(app, '/getWallets?exclude=io.metamask')).json();
    expect(excluded.count).toBe(615);
    expect(excluded.data[0].id).not.toBe('io.metamask');
    const solana = (await get(app, '/getWallets?chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100')).json();
    expect(solana.data.every((wallet: { chains: string[] }) => wallet.chains.length === 0 || wallet.chains.some((c) => c.startsWith('solana:')))).toBe(true);
    expect(solana.count).toBeLessThan(616);
    expect((await get(app, '/getWallets?badge_type=certified')).json()).toEqual({ data: [], count: 0 });
  });

  it.skipIf(skip)('serves images with long cache headers and an ETag, and 304 when unchanged', async () => {
    const image = await get(app, '/getWalletImage/io.metamask');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/max-age=2592000/);
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(app, '/getWalletImage/io.metamask', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    for (const path of ['/public/getAssetImage/eip155:1', '/public/getAssetImage/eip155-31337', '/public/getTokenImage/USDC', '/public/getCurrencyImage/EUR']) {
      const response = await get(app, path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(/^image\//);
    }
    const missing = await get(app, '/getWalletImage/com.does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'id' });
  });
});

/** A server that writes its log lines into `lines`, for `use`; closed and its database dropped after. */
async function withLoggingServer(use: (app: Awaited<ReturnType<typeof createServer>>, lines: string[]) => Promise<void>): Promise<void> {
  const lines: string[] = [];
  const database = await createTestDatabase('sqlite');
  const app = await createServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false', LOG_LEVEL: 'info' }), {
    logStream: { write: (line) => void lines.push(line) },
  });
  try {
    await app.ready();
    await use(app, lines);
  } finally {
    await app.close();
    await database.drop();
  }
}

describe('request logs', () => {
  it("never carry a relay client's JWT, whatever path it was sent to", () =>
    withLoggingServer(async (app, lines) => {
      for (const url of ['/relay/?auth=eyJsecret.jwt.value&projectId=p', '/?AUTH=eyJsecret.jwt.value', '/health?auth=eyJsecret.jwt.value']) await app.inject(url);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('eyJsecret');
      expect(lines.join('\n')).toContain('auth=%5Bredacted%5D');
    }));

  it("are one line per answered request, with its status and time (not Fastify's two)", () =>
    withLoggingServer(async (app, lines) => {
      lines.length = 0;
      await app.inject('/health');
      // (The unreachable chain's warnings may come between: only the request's own lines count.)
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: unknown; res?: { statusCode: number }; responseTime?: number }).filter((line) => line.req !== undefined);
      expect(logged.map((line) => line.msg)).toEqual(['request completed']);
      expect(logged[0]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
    }));
});
