import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, startTestServer, testConfig } from '../testing/testServer.ts';
import { ANALYTICS_DISABLED_TEXT, ANALYTICS_EVENTS_PER_REQUEST } from './analyticsConfig.ts';

const event = (name = 'MODAL_OPEN', properties: Record<string, unknown> = {}) => ({ event: name, properties, timestamp: 1_700_000_000_000 });

async function analyticsServer(enabled: boolean) {
  const database = await createTestDatabase('sqlite');
  const app = await startTestServer(testConfig(database.config, [], { INDEXER_ENABLED: 'false', ANALYTICS_ENABLED: String(enabled) }));
  return { app, database };
}

const post = (app: FastifyInstance, payload: unknown) => app.inject({ method: 'POST', url: `/analytics/events?${ACCESS_QUERY}`, payload: payload as object });

describe('POST /analytics/events', () => {
  let on: { app: FastifyInstance; database: TestDatabase };
  let off: { app: FastifyInstance; database: TestDatabase };
  beforeAll(async () => {
    [on, off] = await Promise.all([analyticsServer(true), analyticsServer(false)]);
  });
  afterAll(async () => {
    for (const server of [on, off]) {
      await server?.app.close();
      await server?.database.drop();
    }
  });

  it('accepts the widget\'s events when ANALYTICS_ENABLED', async () => {
    const response = await post(on.app, { events: [event(), event('SELECT_WALLET', { name: 'MetaMask', connectorId: 'io.metamask' })] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 2 });
  });

  it('refuses them with a clear text when analytics is off', async () => {
    const response = await post(off.app, { events: [event()] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ANALYTICS_DISABLED_TEXT);
    expect((await off.app.inject(`/getAnalyticsConfig?${ACCESS_QUERY}`)).json()).toEqual({ isAnalyticsEnabled: false });
  });

  it.each([
    ['an unknown event', { events: [event('STEAL_COOKIES')] }],
    ['no events', { events: [] }],
    ['too many events', { events: Array.from({ length: ANALYTICS_EVENTS_PER_REQUEST + 1 }, () => event()) }],
    ['a nested property', { events: [event('MODAL_OPEN', { nested: { a: 1 } })] }],
    ['a long property', { events: [event('MODAL_OPEN', { name: 'x'.repeat(257) })] }],
    ['a timestamp that is not a time', { events: [{ ...event(), timestamp: 'now' }] }],
    ['no body', undefined],
  ])('answers 400, never 500, for %s', async (_case, payload) => {
    const response = await post(on.app, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
