import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { ERROR_TEXTS } from '../http/errors.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { get, testConfig } from '../testing/testServer.ts';
import { DATABASE_CONNECT_TIMEOUT_MS } from './database.ts';
import { DATABASE_RETRY_SECONDS } from './databaseUnavailable.ts';

const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
/** What a loaded machine may add to the bound before the answer is sent. */
const SLACK_MS = 2_000;

/**
 * A TCP hop in front of PostgreSQL. Passing: it forwards both ways. Black-holed: it cuts every
 * forwarded connection and then accepts new ones and neither answers nor closes them, as a database
 * behind a dead route or a stuck firewall does.
 */
async function startDatabaseHop(target: URL): Promise<{ port: number; blackHole(): void; close(): Promise<void> }> {
  let blackHoled = false;
  const sockets = new Set<Socket>();
  const server: Server = createTcpServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (blackHoled) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    blackHole() {
      blackHoled = true;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const postgres = (await testDatabaseKinds()).find((kind) => kind.name === 'postgres')!;

describe.skipIf(postgres.skip !== undefined)('a PostgreSQL that accepts connections and never answers', () => {
  let database: TestDatabase;
  let hop: Awaited<ReturnType<typeof startDatabaseHop>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (database.config.dialect !== 'postgres') throw new Error('a PostgreSQL test database');
    const url = new URL(database.config.url);
    hop = await startDatabaseHop(url);
    const throughHop = new URL(url);
    throughHop.hostname = '127.0.0.1';
    throughHop.port = String(hop.port);
    app = await createServer(testConfig({ dialect: 'postgres', url: throughHop.toString() }, NO_CHAINS, { INDEXER_ENABLED: 'false' }));
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await hop?.close();
    await database?.drop();
  });

  it(`answers 503 with Retry-After within ${DATABASE_CONNECT_TIMEOUT_MS / 1000} s of connecting, not never, and does not crash`, async () => {
    expect((await get(app, '/auth/v1/nonce')).statusCode).toBe(200);
    hop.blackHole();
    // The first may meet a pooled connection the hop has just cut (503 at once); the next opens a
    // new one into the black hole, which only the connect bound ends.
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const answer = await get(app, '/auth/v1/nonce');
      const elapsed = performance.now() - started;
      expect({ status: answer.statusCode, retryAfter: answer.headers['retry-after'], message: answer.json<{ message: string }>().message }).toEqual({
        status: 503,
        retryAfter: String(DATABASE_RETRY_SECONDS),
        message: ERROR_TEXTS.databaseUnavailable,
      });
      expect(elapsed).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + SLACK_MS);
    }
  }, 30_000);
});
