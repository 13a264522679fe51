import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './testDatabases.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from './testServer.ts';

/**
 * A server that verifies sign-ins and needs no node (the chains are configured, not called), on the
 * database kind a `describe.each(testDatabaseKinds())` names: its sign-in call and a fresh nonce.
 */
export function useSignInTestServer(kind: TestDatabaseKind, env: Record<string, string> = {}) {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    if (kind.skip) return;
    database = await createTestDatabase(kind.name);
    app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }], { INDEXER_ENABLED: 'false', ...env }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  const server = () => {
    if (!app) throw new Error('The sign-in test server is not running');
    return app;
  };
  return {
    server,
    authenticate: (body: unknown): Promise<LightMyRequestResponse> => server().inject({ method: 'POST', url: `/auth/v1/authenticate?${ACCESS_QUERY}`, payload: body as object }),
    nonce: async () => (await get(server(), '/auth/v1/nonce')).json().nonce as string,
  };
}
