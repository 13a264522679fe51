import { describe, expect, it } from 'vitest';
import { DEVNET_CORS_ORIGINS } from '../devnetDefaults.ts';
import { useSignInTestServer } from '../testing/signInTestServer.ts';
import { testDatabaseKinds } from '../testing/testDatabases.ts';
import { ACCESS_QUERY } from '../testing/testServer.ts';
import { CROSS_SITE_ERROR } from './crossSiteRequests.ts';

const [sqlite] = await testDatabaseKinds();
const SITE = DEVNET_CORS_ORIGINS[0]!;
const body = { message: 'hello', signature: '0x00' };

describe('sign-in and sign-out (the session cookie) refuse requests made by pages of other sites', () => {
  const { server } = useSignInTestServer(sqlite!);
  const call = (path: string, headers: Record<string, string>) =>
    server().inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, headers, ...(path.endsWith('authenticate') ? { payload: body } : {}) });

  it.each(['/auth/v1/authenticate', '/auth/v1/signout'])('%s: an Origin CORS_ORIGINS does not list is a 403, before anything is read or set', async (path) => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:5174', 'null']) {
      const response = await call(path, { origin, 'sec-fetch-site': 'cross-site', cookie: 'cairn_session=aaaaaaaaaaaaaaaaaaaaaaaa' });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: CROSS_SITE_ERROR(origin) });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each(['/auth/v1/authenticate', '/auth/v1/signout'])('%s: a browser request marked as made by another site, with no Origin, is a 403', async (path) => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await call(path, { 'sec-fetch-site': site });
      expect([response.statusCode, response.json().message]).toEqual([403, CROSS_SITE_ERROR(`a page of another site (Sec-Fetch-Site: ${site})`)]);
    }
  });

  it('lets through a listed origin, the server\'s own, and a client outside a browser', async () => {
    // Past the origin check, the message is read (and is not a sign-in message): 400, not 403.
    const passing: Record<string, string>[] = [{ origin: SITE, 'sec-fetch-site': 'cross-site' }, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }, {}];
    for (const headers of passing) {
      expect((await call('/auth/v1/authenticate', headers)).statusCode).toBe(400);
      const signOut = await call('/auth/v1/signout', headers);
      expect(signOut.statusCode).toBe(204);
      expect(String(signOut.headers['set-cookie'])).toMatch(/^cairn_session=;/);
    }
  });
});
