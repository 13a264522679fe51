import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_PROJECT_ID, startCatalogueServer, type CatalogueServer } from '@cairn/server/testing';
import { createTestCairn } from '../../testing/fakeAdapter.ts';
import { createAnalyticsSender } from './analyticsSender.ts';

// The real Cairn server, with analytics on and off; every request the widget makes is recorded
// on its way to it (the server answers).
let serverOn: CatalogueServer;
let serverOff: CatalogueServer;
beforeAll(async () => {
  [serverOn, serverOff] = await Promise.all([startCatalogueServer([], { ANALYTICS_ENABLED: 'true' }), startCatalogueServer([], { ANALYTICS_ENABLED: 'false' })]);
});
afterAll(async () => {
  await Promise.all([serverOn?.close(), serverOff?.close()]);
});
afterEach(() => vi.restoreAllMocks());

type Sent = { method: string; path: string; status: number; body?: unknown; answer: unknown };

function recordingFetch(sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(String(input));
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      status: response.status,
      ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
      answer: await response.clone().json(),
    });
    return response;
  };
}

/**
 * Every request the page makes through the global fetch to `server`. (Tests share a worker: an
 * instance another file left behind may still flush its own events to its own server meanwhile.)
 */
function recordPageRequests(server: CatalogueServer): string[] {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.origin === new URL(server.url).origin) urls.push(url.pathname);
    return realFetch(input, init);
  });
  return urls;
}

const api = (server: CatalogueServer) => ({ url: server.url, projectId: CATALOGUE_PROJECT_ID });
const event = (name: 'MODAL_OPEN' | 'MODAL_CLOSE', timestamp: number) => ({ event: name, properties: { view: 'Connect', left: undefined }, timestamp });

describe('analytics events (features.analytics, SPEC §9)', () => {
  it('on, and the server asks for them: sends the events in one batch to the site\'s server, which accepts them', async () => {
    const sent: Sent[] = [];
    const sender = createAnalyticsSender(api(serverOn), { fetchOptions: { fetch: recordingFetch(sent) }, flushMs: 60_000 });
    sender.track(event('MODAL_OPEN', 1));
    sender.track(event('MODAL_CLOSE', 2));
    await sender.flush();
    expect(sent).toEqual([
      { method: 'GET', path: '/getAnalyticsConfig', status: 200, answer: { isAnalyticsEnabled: true } },
      {
        method: 'POST',
        path: '/analytics/events',
        status: 200,
        body: { events: [{ event: 'MODAL_OPEN', properties: { view: 'Connect' }, timestamp: 1 }, { event: 'MODAL_CLOSE', properties: { view: 'Connect' }, timestamp: 2 }] },
        answer: { accepted: 2 },
      },
    ]);
  });

  it('on, but the server does not want them: asks once, sends nothing', async () => {
    const sent: Sent[] = [];
    const sender = createAnalyticsSender(api(serverOff), { fetchOptions: { fetch: recordingFetch(sent) }, flushMs: 60_000 });
    sender.track(event('MODAL_OPEN', 1));
    await sender.flush();
    sender.track(event('MODAL_CLOSE', 2));
    await sender.flush();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /getAnalyticsConfig']);
  });

  it('the widget sends its events when the switch is on (the default); off, no event leaves the page and onEvent still hears them', async () => {
    const requests = recordPageRequests(serverOn);
    const off = createTestCairn({ api: api(serverOn), features: { analytics: false } });
    off.cairn.open();
    off.cairn.close();
    // Queued after the one above, so it would have been sent first: one batch, the instance's that is on.
    const on = createTestCairn({ api: api(serverOn) });
    on.cairn.open();
    await vi.waitFor(() => expect(requests).toContain('/analytics/events'), { timeout: 5_000 });
    expect(requests.filter((path) => path.includes('nalytics'))).toEqual(['/getAnalyticsConfig', '/analytics/events']);
    expect(off.eventNames()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']);
    off.cairn.destroy();
    on.cairn.destroy();
  });
});
