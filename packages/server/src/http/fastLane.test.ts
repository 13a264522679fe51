import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { KEPT_ANSWERS, KEPT_HOST_MAX_LENGTH, KEPT_URL_MAX_LENGTH } from './fastLane.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { ACCESS_QUERY, testConfig } from '../testing/testServer.ts';

// The fast lane through the real server, over real sockets (inject would bypass it: it calls
// Fastify's routing directly): every answer it gives must be the one Fastify gives.
const devnet = useTestDevnet({ 31337: 23145, 31338: 23146 });
const BALANCE = `/v1/account/${TEST_ACCOUNTS[1]!.address}/balance?currency=usd&chainId=eip155:31337&${ACCESS_QUERY}`;
const SHOP = 'https://shop.example';

let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;
let lines: string[] = [];

async function serve(env: NodeJS.ProcessEnv = {}) {
  database = await createTestDatabase('sqlite');
  lines = [];
  const config = testConfig(database.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false', CORS_ORIGINS: SHOP, LOG_LEVEL: 'info', ...env });
  app = await createServer(config, { logStream: { write: (line) => void lines.push(line) } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { server: app, port: (app.server.address() as AddressInfo).port, lane: app.cairn.fastLane! };
}

afterEach(async () => {
  await app?.close();
  await database?.drop();
  app = database = undefined;
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** An answer's raw head as it came on the wire, with the date, the id and the budget left blanked. */
function rawHead(port: number, path: string, origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.destroy();
      resolve(text.slice(0, end).replace(/^(Date|x-request-id|x-ratelimit-remaining): .*$/gm, '$1: -'));
    });
    socket.on('error', reject);
  });
}

/** What must be the same whoever answered: all but the date, the id and the budget left. */
function comparable({ status, headers, body }: Answer) {
  const { date: _date, 'x-request-id': _id, 'x-ratelimit-remaining': _left, ...rest } = headers;
  return { status, headers: rest, body };
}

/** A log line without what differs per request. */
function logged(line: string) {
  const { time: _time, reqId: _id, responseTime, req, ...rest } = JSON.parse(line) as Record<string, unknown> & { req: Record<string, unknown> };
  const { remotePort, ...sameReq } = req;
  expect(responseTime).toEqual(expect.any(Number));
  expect(remotePort).toEqual(expect.any(Number));
  return { ...rest, req: sameReq };
}

describe('fast lane', () => {
  it('answers a cached balance asked again with the bytes, headers and log line Fastify gives', async () => {
    const { port, lane } = await serve();
    const first = await get(port, BALANCE, { origin: SHOP });
    expect(first.status, first.body).toBe(200);
    // Fastify answers from the cache and remembers the URL; the lane answers the next.
    const byFastify = await get(port, BALANCE, { origin: SHOP });
    expect(lane.answered).toBe(0);
    const byLane = await get(port, BALANCE, { origin: SHOP });
    expect(lane.answered).toBe(1);
    expect(comparable(byLane)).toEqual(comparable(byFastify));
    expect(byLane.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-\w+$/);
    expect(byLane.headers['x-request-id']).not.toBe(byFastify.headers['x-request-id']);
    expect(Number(byLane.headers['x-ratelimit-remaining'])).toBe(Number(byFastify.headers['x-ratelimit-remaining']) - 1);
    expect(byLane.headers['access-control-allow-origin']).toBe(SHOP);
    // A caller's own id is kept, as Fastify keeps it.
    expect((await get(port, BALANCE, { 'x-request-id': 'trace-42' })).headers['x-request-id']).toBe('trace-42');
    expect(lane.answered).toBe(2);
    await app!.close();
    // Fastify's own lines (listening, closing) aside, one line per request.
    lines = lines.filter((line) => line.includes('"request completed"'));
    expect(lines).toHaveLength(4);
    expect(logged(lines[2]!)).toEqual(logged(lines[1]!));
    expect(JSON.parse(lines[3]!)).toMatchObject({ reqId: 'trace-42', req: { remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
  });

  it("writes the head byte for byte as Fastify does: the same headers, in the same order and case", async () => {
    const { port, lane } = await serve();
    await get(port, BALANCE, { origin: SHOP });
    const byFastify = await rawHead(port, BALANCE, SHOP);
    expect(lane.answered).toBe(0);
    const byLane = await rawHead(port, BALANCE, SHOP);
    expect(lane.answered).toBe(1);
    expect(byLane).toBe(byFastify);
    expect(byLane.split('\r\n').map((line) => line.split(':')[0])).toEqual([
      'HTTP/1.1 200 OK', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'access-control-allow-origin',
      'access-control-expose-headers', 'access-control-allow-credentials', 'vary', 'cache-control', 'content-type', 'content-length', 'Date', 'Connection', 'Keep-Alive',
    ]);
  });

  it('answers a cached identity asked again as Fastify does', async () => {
    const { port, lane } = await serve();
    const identity = `/v1/identity/${TEST_ACCOUNTS[2]!.address}?${ACCESS_QUERY}`;
    expect((await get(port, identity)).status).toBe(200);
    const byFastify = await get(port, identity);
    expect(lane.answered).toBe(0);
    const byLane = await get(port, identity);
    expect(lane.answered).toBe(1);
    expect(comparable(byLane)).toEqual(comparable(byFastify));
    expect(JSON.parse(byLane.body)).toEqual({ name: null, avatar: null });
  });

  it('gives the CORS headers Fastify gives, for a listed origin, another one and none', async () => {
    const { port, lane } = await serve();
    await get(port, BALANCE);
    const origins: Record<string, string>[] = [{ origin: SHOP }, { origin: 'https://elsewhere.example' }, {}];
    for (const headers of origins) {
      const before = lane.answered;
      // Another host is another URL (and another cache key: the icons' URLs): Fastify reads it,
      // answers it from the cache and remembers it, then the lane answers it.
      const asked = { ...headers, host: `h${before}.example` };
      expect((await get(port, BALANCE, asked)).status).toBe(200);
      const byFastify = await get(port, BALANCE, asked);
      expect(lane.answered).toBe(before);
      const byLane = await get(port, BALANCE, asked);
      expect(lane.answered).toBe(before + 1);
      expect(comparable(byLane)).toEqual(comparable(byFastify));
    }
  });

  it("refuses past the per-IP limit with Fastify's 429, counting the lane's answers and Fastify's as one budget", async () => {
    const { port, lane } = await serve({ RATE_LIMIT_PER_MINUTE: '4' });
    for (let i = 0; i < 4; i++) expect((await get(port, BALANCE, { origin: SHOP })).status).toBe(200);
    expect(lane.answered).toBe(2);
    const byLane = await get(port, BALANCE, { origin: SHOP });
    expect(lane.answered).toBe(3);
    const byFastify = await get(port, `/v1/supported-chains?${ACCESS_QUERY}`, { origin: SHOP });
    expect(byLane.status).toBe(429);
    expect(Number(byLane.headers['retry-after'])).toBeGreaterThan(0);
    expect(comparable(byLane)).toEqual(comparable(byFastify));
    expect(JSON.parse(byLane.body)).toMatchObject({ statusCode: 429, message: `Please try again after ${byLane.headers['retry-after']} seconds` });
  });

  it("refuses past the per-project limit with Fastify's 429", async () => {
    const { port, lane } = await serve({ RATE_LIMIT_PROJECT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await get(port, BALANCE, { origin: SHOP })).status).toBe(200);
    const byLane = await get(port, BALANCE, { origin: SHOP });
    expect(lane.answered).toBe(2);
    const byFastify = await get(port, `/v1/supported-chains?${ACCESS_QUERY}`, { origin: SHOP });
    expect(byLane.status).toBe(429);
    expect(comparable(byLane)).toEqual(comparable(byFastify));
  });

  it('counts the address X-Forwarded-For names only behind a trusted proxy, as Fastify does', async () => {
    const { port, lane } = await serve({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
    const from = (ip: string) => get(port, BALANCE, { 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
    expect((await from('10.0.0.2')).status).toBe(200);
    expect(lane.answered).toBe(3);
    const line = JSON.parse(lines.at(-1)!) as { req: { remoteAddress: string } };
    expect(line.req.remoteAddress).toBe('10.0.0.2');
  });

  it('leaves to Fastify what it has not seen answered from the cache, a body and a closing server; sends what the cache holds now', async () => {
    const { port, lane } = await serve();
    await get(port, BALANCE);
    await get(port, BALANCE);
    const forced = await get(port, `${BALANCE}&forceUpdate=true`);
    expect(forced.headers['cache-control']).toBe('no-store');
    expect((await get(port, `${BALANCE}&forceUpdate=true`)).headers['cache-control']).toBe('no-store');
    expect((await get(port, BALANCE, { 'transfer-encoding': 'chunked' })).status).toBe(200);
    expect(lane.answered).toBe(0);
    // The forced read replaced the cached one: the lane sends what the cache now holds.
    expect((await get(port, BALANCE)).body).toBe(forced.body);
    expect(lane.answered).toBe(1);
    lane.close();
    expect((await get(port, BALANCE)).status).toBe(200);
    expect(lane.answered).toBe(1);
  });

  it("keeps no URL longer than KEPT_URL_MAX_LENGTH (a stranger's junk query), and at most KEPT_ANSWERS URLs", async () => {
    const { port, lane } = await serve();
    const long = `${BALANCE}&junk=${'a'.repeat(KEPT_URL_MAX_LENGTH)}`;
    expect((await get(port, long)).status).toBe(200);
    expect((await get(port, long)).status).toBe(200);
    expect(lane.answered).toBe(0);
    expect(lane.keptCount).toBe(0);
    // The count's bound, on the lane alone: KEPT_ANSWERS real requests would take this test minutes.
    const answered = (url: string) => ({ method: 'GET', protocol: 'http', host: '127.0.0.1', url, routeOptions: { config: {} } }) as unknown as FastifyRequest;
    for (let index = 0; index <= KEPT_ANSWERS; index += 1) lane.remember(answered(`${BALANCE}&n=${index}`), 'p', [], () => 'x');
    expect(lane.keptCount).toBe(KEPT_ANSWERS);
  });

  it("keeps no URL asked on a host longer than KEPT_HOST_MAX_LENGTH: a stranger's Host header is part of the kept key", async () => {
    // Node takes headers up to 16 kB: without this bound, 10,000 kept URLs could each carry a 16 kB host.
    const { port, lane } = await serve({ PUBLIC_URL: 'http://api.example' });
    const host = `${'h'.repeat(KEPT_HOST_MAX_LENGTH - 'a.example'.length)}a.example`;
    expect((await get(port, BALANCE, { host })).status).toBe(200);
    expect((await get(port, BALANCE, { host })).status).toBe(200);
    expect(lane.keptCount).toBe(1);
    for (let index = 0; index < 3; index += 1) expect((await get(port, BALANCE, { host: `${index}${'h'.repeat(8000)}.example` })).status).toBe(200);
    expect(lane.keptCount).toBe(1);
  });
});
