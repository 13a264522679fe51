import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFromAnotherProcess } from '../testing/fetchFromAnotherProcess.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS, ACCESS_QUERY, startTestServer, testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';
import { BODY_TYPE_ERRORS } from './bodyTypes.ts';
import { drainRefusedBodies } from './refusedBodies.ts';

const TWO_MB = 2 * 1024 * 1024;
const priceBody = JSON.stringify({ currency: 'usd', addresses: ['x'.repeat(TWO_MB)], projectId: ACCESS.projectId });

describe("a refusal sent before the body is all in reaches Node's fetch", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false' }));
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.each([
    ['whole (content-length)', false],
    ['streamed (chunked)', true],
  ])('a 2 MB JSON body to POST /v1/fungible/price, sent %s, reads 413 and the JSON error', async (_, streamed) => {
    const outcome = await fetchFromAnotherProcess(`${base}/v1/fungible/price?${ACCESS_QUERY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: priceBody, streamed });
    expect(outcome).toMatchObject({ status: 413 });
    if ('error' in outcome) throw new Error(outcome.error);
    expect(JSON.parse(outcome.body)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
  });

  it('a 2 MB form body streamed to the e-mail login reads 415 and the JSON error', async () => {
    const outcome = await fetchFromAnotherProcess(`${base}/auth/v1/email/login?${ACCESS_QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(TWO_MB)}`,
      streamed: true,
    });
    expect(outcome).toMatchObject({ status: 415 });
    if ('error' in outcome) throw new Error(outcome.error);
    expect(JSON.parse(outcome.body)).toMatchObject({ statusCode: 415, message: BODY_TYPE_ERRORS.unsupported('application/x-www-form-urlencoded') });
  });
});

describe('drainRefusedBodies', () => {
  it('reads a refused body only up to its bound, then closes the connection', async () => {
    const app = Fastify({ bodyLimit: 1024 });
    drainRefusedBodies(app, { bytes: 256 * 1024, ms: 30_000 });
    const sockets: Socket[] = [];
    app.addHook('onResponse', async (request) => void sockets.push(request.raw.socket));
    app.post('/', async () => ({}));
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // 4 MB, far past the bound: the client may or may not read the 413 before the close.
      await fetchFromAnotherProcess(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(4 * 1024 * 1024), streamed: true });
      await waitFor(() => sockets.length === 1 && sockets[0]!.destroyed, 'the connection to close');
      // Within the bound, the 413 is read and the connection stays usable.
      const outcome = await fetchFromAnotherProcess(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(64 * 1024), streamed: true });
      expect(outcome).toMatchObject({ status: 413 });
    } finally {
      await app.close();
    }
  });
});
