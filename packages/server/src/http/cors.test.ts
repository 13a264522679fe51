import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addArrivalChecks } from './arrivalChecks.ts';
import { corsCheck } from './cors.ts';

// Read as an attacker: a page on another origin must get neither credentials nor its own origin echoed.
describe('corsCheck', () => {
  const serve = async () => {
    const app = Fastify();
    addArrivalChecks(app, [corsCheck(['https://site.example'])]);
    app.get('/x', async () => ({ ok: true }));
    return app;
  };

  it('allows credentials only to a listed origin, never to a stranger', async () => {
    const app = await serve();
    const listed = await app.inject({ method: 'GET', url: '/x', headers: { origin: 'https://site.example' } });
    expect(listed.headers['access-control-allow-origin']).toBe('https://site.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const stranger = await app.inject({ method: 'GET', url: '/x', headers: { origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers['access-control-allow-credentials']).toBeUndefined();
    await app.close();
  });

  it("refuses a stranger's preflight with 403", async () => {
    const app = await serve();
    const preflight = await app.inject({ method: 'OPTIONS', url: '/x', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    await app.close();
  });

  it("lets a listed origin's page send a DELETE (the frame's devices screen removes a device, session 21), a stranger's still not", async () => {
    const app = await serve();
    const preflight = await app.inject({ method: 'OPTIONS', url: '/x', headers: { origin: 'https://site.example', 'access-control-request-method': 'DELETE' } });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toContain('DELETE');
    const stranger = await app.inject({ method: 'OPTIONS', url: '/x', headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } });
    expect(stranger.statusCode).toBe(403);
    await app.close();
  });

  it("lets the site's page read the rate limit's budget and Retry-After (All Wallets paces its pages by them, issue 29)", async () => {
    const app = await serve();
    const listed = await app.inject({ method: 'GET', url: '/x', headers: { origin: 'https://site.example' } });
    const exposed = String(listed.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'x-ratelimit-remaining', 'x-ratelimit-reset']));
    await app.close();
  });
});
