import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { SIGN_OUT_OTHERS_PER_MINUTE } from '../login/signOutOthersRoute.ts';
import { budgetHeaders, budgetLines } from './rateLimits.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from '../testing/testServer.ts';

// A node nobody listens on: these routes need none, and the indexer is off.
const NO_NODE = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;

async function serve(env: NodeJS.ProcessEnv) {
  database = await createTestDatabase('sqlite');
  app = await startTestServer(testConfig(database.config, NO_NODE, { INDEXER_ENABLED: 'false', ...env }));
  return app;
}

afterEach(async () => {
  await app?.close();
  await database?.drop();
  app = database = undefined;
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('rate limits', () => {
  it('answers 429 with Retry-After and a JSON error past the per-IP limit', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) {
      const answer = await get(server, '/v1/supported-chains');
      expect(answer.statusCode).toBe(200);
      // The budget on each answer: the limit, what is left, the window's seconds left.
      expect(answer.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': String(4 - i) });
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = await get(server, '/v1/supported-chains');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // SPEC §8's wording, the same as the e-mail login's cooldown, with the Retry-After seconds.
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: `Please try again after ${refused.headers['retry-after']} seconds` });
  });

  it("bounds the frame's liveness check (session 22) per client: a stranger's made-up tokens stop at the per-IP limit", async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '4' });
    const check = () =>
      server.inject({ method: 'GET', url: `/auth/v1/wallet/devices/0b6c4a5e-3f0a-4d7e-9b1c-2a6f8e9d1c3b/live?${ACCESS_QUERY}`, headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    for (let i = 0; i < 4; i++) expect((await check()).statusCode).toBe(401);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`bounds "sign out everywhere else" (session 23) to ${SIGN_OUT_OTHERS_PER_MINUTE} calls a minute per client, whatever the token`, async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '1000' });
    const signOutOthers = () =>
      server.inject({
        method: 'POST',
        url: `/auth/v1/wallet/sign-out-others?${ACCESS_QUERY}`,
        headers: { authorization: `Bearer ${'A'.repeat(43)}` },
        payload: { deviceId: '0b6c4a5e-3f0a-4d7e-9b1c-2a6f8e9d1c3b', proof: { issuedAt: new Date().toISOString(), signature: `0x${'11'.repeat(65)}` } },
      });
    for (let i = 0; i < SIGN_OUT_OTHERS_PER_MINUTE; i++) expect((await signOutOthers()).statusCode).toBe(401);
    const refused = await signOutOthers();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("counts images apart: a list's logos do not spend the budget its pages need (issue 29)", async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_IMAGES_PER_MINUTE: '5' });
    const image = (id: string) => get(server, `/getWalletImage/${id}`);
    const { data } = (await get(server, '/getWallets?page=1&entries=5')).json() as { data: { image_id: string }[] };
    for (const wallet of data) expect((await image(wallet.image_id)).statusCode).toBe(200);
    expect((await image(data[0]!.image_id)).statusCode).toBe(429);
    // Five logos later, the pages still have their own budget: two more of the three.
    expect((await get(server, '/getWallets?page=2&entries=5')).statusCode).toBe(200);
    expect((await get(server, '/getWallets?page=3&entries=5')).statusCode).toBe(200);
    const refused = await get(server, '/getWallets?page=4&entries=5');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For only with TRUST_PROXY', async () => {
    const direct = await serve({ RATE_LIMIT_PER_MINUTE: '2' });
    for (const ip of ['10.0.0.1', '10.0.0.2']) expect((await get(direct, '/v1/supported-chains', from(ip))).statusCode).toBe(200);
    // A client cannot dodge the limit by naming another address.
    expect((await get(direct, '/v1/supported-chains', from('10.0.0.3'))).statusCode).toBe(429);
    await app!.close();
    await database!.drop();

    const behindProxy = await serve({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    for (const ip of ['10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.2']) expect((await get(behindProxy, '/v1/supported-chains', from(ip))).statusCode).toBe(200);
    expect((await get(behindProxy, '/v1/supported-chains', from('10.0.0.1'))).statusCode).toBe(429);
  });

  it('counts an IPv6 /64 as one client, an IPv4 address as itself, also written IPv4-mapped', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    const status = async (ip: string) => (await get(server, '/v1/supported-chains', from(ip))).statusCode;
    // Two addresses of one /64 (one host can hold it whole) share one budget.
    expect(await status('2001:db8:0:1::1')).toBe(200);
    expect(await status('2001:db8:0:1:ffff::2')).toBe(200);
    expect(await status('2001:db8:0:1::3')).toBe(429);
    // The next /64 is another client.
    expect(await status('2001:db8:0:2::1')).toBe(200);
    // IPv4 is unchanged: per address; a dual-stack socket's ::ffff:a.b.c.d is that address.
    expect(await status('192.0.2.7')).toBe(200);
    expect(await status('::ffff:192.0.2.7')).toBe(200);
    expect(await status('192.0.2.7')).toBe(429);
    expect(await status('192.0.2.8')).toBe(200);
  });

  it('keys a route\'s own per-IP limit (e-mail codes, nonces) by the /64 too', async () => {
    const server = await serve({ TRUST_PROXY: 'true', NONCE_RATE_LIMIT_PER_MINUTE: '1' });
    expect((await get(server, '/auth/v1/nonce', from('2001:db8:0:1::1'))).statusCode).toBe(200);
    expect((await get(server, '/auth/v1/nonce', from('2001:db8:0:1::2'))).statusCode).toBe(429);
  });

  it('limits nonces per client and for all clients, writing no row past the limit', async () => {
    const server = await serve({ TRUST_PROXY: 'true', NONCE_RATE_LIMIT_PER_MINUTE: '3', NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '5' });
    const nonce = (ip: string) => get(server, '/auth/v1/nonce', from(ip));
    for (let i = 0; i < 3; i++) expect((await nonce('10.0.0.1')).statusCode).toBe(200);
    expect((await nonce('10.0.0.1')).statusCode).toBe(429);
    for (let i = 0; i < 2; i++) expect((await nonce(`10.0.1.${i}`)).statusCode).toBe(200);
    const allClients = await nonce('10.0.2.1');
    expect(allClients.statusCode).toBe(429);
    expect(allClients.headers['retry-after']).toBeDefined();
    const rows = await server.cairn.db.selectFrom('auth_nonces').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(5);
  });

  it('turns the per-IP and per-project limits off at 0 (a proxy in front limits), keeping the nonce limit', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PROJECT_PER_MINUTE: '0', NONCE_RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 50; i++) expect((await get(server, '/v1/supported-chains')).statusCode).toBe(200);
    expect((await get(server, '/auth/v1/nonce')).statusCode).toBe(200);
    expect((await get(server, '/auth/v1/nonce')).statusCode).toBe(200);
    expect((await get(server, '/auth/v1/nonce')).statusCode).toBe(429);
  });

  it('limits a project across every client', async () => {
    const server = await serve({ TRUST_PROXY: 'true', RATE_LIMIT_PROJECT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await get(server, '/v1/supported-chains', from(`10.1.0.${i}`))).statusCode).toBe(200);
    expect((await get(server, '/v1/supported-chains', from('10.1.0.9'))).statusCode).toBe(429);
    // An unknown project is refused before it can use up anyone's budget.
    const stranger = await server.inject({ method: 'GET', url: `/v1/supported-chains?${ACCESS_QUERY.replace('projectId=cairn-local', 'projectId=nope')}` });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('budgetHeaders', () => {
  it('pushes the limit, what is left (never below 0) and the seconds left, rounded up', () => {
    const push = budgetHeaders(600);
    const headers: string[] = ['x-request-id', 'a-1'];
    push(headers, { current: 5, ttl: 42_100 });
    expect(headers).toEqual(['x-request-id', 'a-1', 'x-ratelimit-limit', '600', 'x-ratelimit-remaining', '595', 'x-ratelimit-reset', '43']);
    const past: string[] = [];
    push(past, { current: 700, ttl: 60_000 });
    expect(past).toEqual(['x-ratelimit-limit', '600', 'x-ratelimit-remaining', '0', 'x-ratelimit-reset', '60']);
    // A window's time left past a minute (another replica's clock) is written all the same.
    const long: string[] = [];
    push(long, { current: 600, ttl: 61_001 });
    expect(long).toEqual(['x-ratelimit-limit', '600', 'x-ratelimit-remaining', '0', 'x-ratelimit-reset', '62']);
  });
});

describe('budgetLines', () => {
  it('writes the same three headers as budgetHeaders, as header lines', () => {
    const lines = budgetLines(600);
    const pairs = (counted: { current: number; ttl: number }) => {
      const headers: string[] = [];
      budgetHeaders(600)(headers, counted);
      return headers;
    };
    for (const counted of [{ current: 5, ttl: 42_100 }, { current: 700, ttl: 60_000 }, { current: 600, ttl: 61_001 }, { current: 1, ttl: 0 }]) {
      const expected = pairs(counted);
      let text = '';
      for (let i = 0; i < expected.length; i += 2) text += `${expected[i]}: ${expected[i + 1]}\r\n`;
      expect(lines(counted)).toBe(text);
    }
  });
});
