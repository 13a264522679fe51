import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_STATE_RETRY_SECONDS } from '../redis/sharedState.ts';
import { ERROR_TEXTS } from './errors.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { get, startTestServer, testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';

const NO_NODE = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
const redis = await startTestRedis();

describe.skipIf('skipped' in redis)('rate limits across replicas (REDIS_URL)', () => {
  const { url, stop, restart } = redis as TestRedis;
  let database: TestDatabase;
  const replicas: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.config, NO_NODE, { INDEXER_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '4', NONCE_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: url });
    for (let i = 0; i < 2; i++) replicas.push(await startTestServer(config));
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.drop();
    await stop();
  });

  it('counts one client against one limit whichever replica answers', async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    for (const replica of [a, b, a, b]) expect((await get(replica, '/v1/supported-chains')).statusCode).toBe(200);
    const refused = await get(a, '/v1/supported-chains');
    expect(refused.statusCode).toBe(429);
    expect((await get(b, '/v1/supported-chains')).statusCode).toBe(429);
  });

  it('holds a login limit (nonces per client) across replicas', async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    for (const replica of [a, b, a]) expect((await get(replica, '/auth/v1/nonce')).statusCode).toBe(200);
    const refused = await get(b, '/auth/v1/nonce');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets reads through and refuses logins with 503 while Redis is down, and counts again once it is back', async () => {
    const [a] = replicas as [FastifyInstance];
    await stop();
    // A read is let through (fail open), though this client is over its limit in the lost count.
    expect((await get(a, '/v1/supported-chains')).statusCode).toBe(200);
    const nonce = await get(a, '/auth/v1/nonce');
    expect(nonce.statusCode).toBe(503);
    expect(nonce.headers['retry-after']).toBe(String(SHARED_STATE_RETRY_SECONDS));
    expect(nonce.json().message).toBe(ERROR_TEXTS.sharedStateUnavailable);

    await restart();
    await waitFor(async () => (await get(a, '/auth/v1/nonce')).statusCode === 200, 'the nonce route to answer again');
  });
});
