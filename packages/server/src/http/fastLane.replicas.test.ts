import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { ACCESS_QUERY, startTestServer, testConfig } from '../testing/testServer.ts';

// The identity route needs no node: its answer comes from the database, then from its cache.
const NO_NODE = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
const IDENTITY = `/v1/identity/${TEST_ACCOUNTS[4]!.address}?${ACCESS_QUERY}`;
const redis = await startTestRedis();

function status(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: IDENTITY, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf('skipped' in redis)('fast lane across replicas (REDIS_URL)', () => {
  const { url, stop, restart } = redis as TestRedis;
  let database: TestDatabase;
  const replicas: FastifyInstance[] = [];
  const portOf = (replica: FastifyInstance) => (replica.server.address() as AddressInfo).port;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.config, NO_NODE, { INDEXER_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: url });
    for (let i = 0; i < 2; i++) {
      const replica = await startTestServer(config);
      await replica.listen({ host: '127.0.0.1', port: 0 });
      replicas.push(replica);
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.drop();
    await stop();
  });

  it("counts the lane's answers in Redis with Fastify's, on every replica, and lets reads through while Redis is down", async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    // a reads and caches, then answers from the cache (and keeps the URL), then its lane answers.
    for (const replica of [a, a, a, b, b]) expect(await status(portOf(replica))).toBe(200);
    const answered = a.cairn.fastLane!.answered;
    expect(answered).toBe(1);
    // The sixth request of this client, on a's lane: past the one limit both replicas count.
    expect(await status(portOf(a))).toBe(429);
    expect(a.cairn.fastLane!.answered).toBe(answered + 1);

    await stop();
    // A read is let through uncounted (fail open), as Fastify's per-IP check lets it through.
    expect(await status(portOf(a))).toBe(200);
    expect(a.cairn.fastLane!.answered).toBe(answered + 2);
    await restart();
  });
});
