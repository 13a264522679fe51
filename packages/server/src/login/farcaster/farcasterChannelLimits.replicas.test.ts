import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { ERROR_TEXTS } from '../../http/errors.ts';
import { SHARED_STATE_RETRY_SECONDS } from '../../redis/sharedState.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts';
import { startTestRedis, type TestRedis } from '../../testing/testRedis.ts';
import { startTestServer, testConfig } from '../../testing/testServer.ts';
import { waitFor } from '../../testing/waitFor.ts';
import { FARCASTER_RELAY_PATH } from './farcasterRoutes.ts';

// The relay's channels counted in one total across replicas (SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE,
// in Redis with REDIS_URL), and refused while Redis is down, as the social logins' starts are: a
// channel is a row for five minutes, so a replica that counted nothing would let the rows grow.
// No chain is reached: opening a channel needs none (completing one does).
const NO_NODE = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
const SITE = { siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' };
const redis = await startTestRedis();

describe.skipIf('skipped' in redis)('Farcaster channels across replicas (REDIS_URL)', () => {
  const { url, stop, start } = redis as TestRedis;
  let database: TestDatabase;
  let db: Db;
  const replicas: FastifyInstance[] = [];
  let client = 0;
  // Each from a network of its own: only the total can refuse it.
  const open = (replica: FastifyInstance) => replica.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, remoteAddress: `2001:db8:${++client}::1`, payload: SITE });
  const rows = async () => Number((await db.selectFrom('farcaster_channels').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.config, NO_NODE, {
      INDEXER_ENABLED: 'false',
      REDIS_URL: url,
      FARCASTER_RELAY_KEY: 'test-farcaster-relay-key-0123456789',
      FARCASTER_CHAIN_ID: '31337',
      LOGIN_SECRET: 'test-login-secret-farcaster-0123456789',
      SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE: '3',
    });
    for (let i = 0; i < 2; i++) replicas.push(await startTestServer(config));
    db = await openDatabase(database.config);
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await db?.destroy();
    await database?.drop();
    await stop();
  });

  it('counts the channels of all clients on every replica against one total', async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    const statuses = [];
    for (const replica of [a, b, a, b, a]) statuses.push((await open(replica)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await rows()).toBe(3);
  });

  it("opens no channel when the total cannot be counted, though the client's own limit can be (503)", async () => {
    // With Redis down the per-client limit refuses first, so the total's own answer is seen only when
    // its key alone fails: a value INCR cannot count (WRONGTYPE) is a real Redis error on that key.
    const [a] = replicas as [FastifyInstance];
    const before = await rows();
    const direct = new Redis(url, { lazyConnect: true });
    await direct.connect();
    try {
      await direct.del('cairn:limit:farcaster-channel:all');
      await direct.hset('cairn:limit:farcaster-channel:all', 'not', 'a count');
      const refused = await open(a);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().message).toBe(ERROR_TEXTS.sharedStateUnavailable);
      expect(await rows()).toBe(before);
    } finally {
      await direct.del('cairn:limit:farcaster-channel:all');
      direct.disconnect();
    }
  });

  it('opens no channel while Redis is down (503, as a social start), and counts again once it is back', async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    const before = await rows();
    await stop();
    for (const replica of [a, b]) {
      const refused = await open(replica);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().message).toBe(ERROR_TEXTS.sharedStateUnavailable);
      expect(refused.headers['retry-after']).toBe(String(SHARED_STATE_RETRY_SECONDS));
    }
    expect(await rows()).toBe(before);

    // An empty Redis (no persistence): a fresh window of three, across both replicas again.
    // Each replica's client reconnects on its own: b answered 503 after a's first 201 in session 20's
    // clean run. A refusal while it reconnects counts nothing (above), so each waits for its own 201.
    await start();
    await waitFor(async () => (await open(a)).statusCode === 201, 'a channel to open again on a');
    await waitFor(async () => (await open(b)).statusCode === 201, 'a channel to open again on b');
    const statuses = [];
    for (const replica of [a, b]) statuses.push((await open(replica)).statusCode);
    expect(statuses).toEqual([201, 429]);
    expect(await rows()).toBe(before + 3);
  });
});
