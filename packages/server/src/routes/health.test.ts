import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { startTestServer, testConfig } from '../testing/testServer.ts';
import { HEALTH_CACHE_MS, HEALTH_WAIT_MS } from './health.ts';

/** The PostgreSQL pool's size (db/database.ts): this many slow queries hold every connection. */
const POOL_SIZE = 10;
/** The cluster's HAProxy takes a replica out when /health has not answered within this long (scripts/lib/haproxy.mjs). */
const BALANCER_CHECK_TIMEOUT_MS = 2000;

const postgres = (await testDatabaseKinds()).find((kind) => kind.name === 'postgres')!;

describe.skipIf(postgres.skip)('/health with the database pool busy (PostgreSQL)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }], { INDEXER_ENABLED: 'false' }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers within the balancer’s check timeout while every pool connection is busy, with the last report', async () => {
    expect((await app.inject('/health')).json()).toMatchObject({ database: 'ok' });
    // The load: every connection of the pool taken for 4 s (sign-ins under load did this to the checks' `select 1`).
    const busy = Promise.all(Array.from({ length: POOL_SIZE }, () => sql`select pg_sleep(4)`.execute(app.cairn.db)));
    // The report is older than its period: this answer starts a check, which waits for a connection.
    await new Promise((resolve) => setTimeout(resolve, HEALTH_CACHE_MS + 50));
    const asked = performance.now();
    const answer = await app.inject('/health');
    const tookMs = performance.now() - asked;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ database: 'ok' });
    expect(tookMs).toBeGreaterThanOrEqual(HEALTH_WAIT_MS - 50);
    expect(tookMs).toBeLessThan(BALANCER_CHECK_TIMEOUT_MS);
    await busy;
  });
});
