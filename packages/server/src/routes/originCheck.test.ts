import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, startTestServer, testConfig } from '../testing/testServer.ts';

describe('GET /v1/origin (SPEC §8 Invalid App Configuration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await startTestServer(testConfig(database.config, [], { INDEXER_ENABLED: 'false', CORS_ORIGINS: 'https://shop.example' }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const ask = (origin?: string, query = ACCESS_QUERY) => app.inject({ url: `/v1/origin?${query}`, headers: origin ? { origin } : {} });

  it('tells a page of another origin, readably, that it is not allowed', async () => {
    const response = await ask('https://stranger.example');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({ origin: 'https://stranger.example', originAllowed: false });
  });

  it('tells a listed origin it is allowed, with its own CORS answer', async () => {
    const response = await ask('https://shop.example');
    expect(response.json()).toEqual({ origin: 'https://shop.example', originAllowed: true });
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('refuses an unknown project readably too (the widget then names the project id)', async () => {
    const response = await ask('https://stranger.example', 'projectId=nobody&st=cairn&sv=1');
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('a data route stays unreadable to an origin that is not allowed', async () => {
    const response = await app.inject({ url: `/getAnalyticsConfig?${ACCESS_QUERY}`, headers: { origin: 'https://stranger.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
