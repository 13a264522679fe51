import { signInAtLocalProvider, startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, testConfig } from '../testing/testServer.ts';
import { SOCIAL_ERRORS } from './loginErrors.ts';
import { userinfoSubject } from './socialProviders.ts';

const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
// The provider redirects the browser here; the test hands that URL to the server itself.
const CALLBACK = 'http://127.0.0.1:28999/auth/v1/social/callback';
let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await startLocalOidcProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => provider?.close());

describe('user-info subjects', () => {
  it("reads OpenID's sub, GitHub's, Discord's and Facebook's id and X's data.id, and nothing else", () => {
    expect(userinfoSubject({ sub: 'abc' })).toBe('abc');
    expect(userinfoSubject({ id: 583231, login: 'octocat' })).toBe('583231');
    expect(userinfoSubject({ data: { id: '2244994945' } })).toBe('2244994945');
    for (const body of [null, 'id', {}, { id: '' }, { id: 1.5 }, { id: { nested: 1 } }, { sub: 'x'.repeat(300) }]) expect(userinfoSubject(body)).toBeUndefined();
  });
});

describe.each(await testDatabaseKinds())('social login on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await createServer(
      testConfig(database.config, NO_CHAINS, {
        INDEXER_ENABLED: 'false',
        SOCIAL_CALLBACK_URL: CALLBACK,
        // Google as OpenID Connect (discovery, ID token, nonce) ...
        SOCIAL_GOOGLE_CLIENT_ID: provider.clientId,
        SOCIAL_GOOGLE_CLIENT_SECRET: provider.clientSecret,
        SOCIAL_GOOGLE_ISSUER: provider.issuer,
        // ... and GitHub as plain OAuth 2 (no ID token: the subject from the user-info endpoint).
        SOCIAL_GITHUB_CLIENT_ID: provider.clientId,
        SOCIAL_GITHUB_CLIENT_SECRET: provider.clientSecret,
        SOCIAL_GITHUB_AUTHORIZATION_URL: `${provider.issuer}/auth`,
        SOCIAL_GITHUB_TOKEN_URL: `${provider.issuer}/token`,
        SOCIAL_GITHUB_USERINFO_URL: `${provider.issuer}/me`,
        SOCIAL_GITHUB_SCOPES: 'openid',
      }),
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (path: string, body: unknown = {}) => app.inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, payload: body as object });
  const start = async (providerId: string) => {
    const response = await post(`/auth/v1/social/${providerId}/start`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { flowId: string; flowSecret: string; authorizeUrl: string };
  };
  const callback = (url: URL) => app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });

  it.skipIf(skip)('logs in through the provider with PKCE (S256), state and nonce; the code is exchanged by the server', async () => {
    const flow = await start('google');
    const authorize = new URL(flow.authorizeUrl);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);

    expect((await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret })).statusCode).toBe(202);
    const back = await signInAtLocalProvider(flow.authorizeUrl, 'ann', CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();
    const page = await callback(back);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('You are logged in');

    const done = await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret });
    expect(done.statusCode, done.body).toBe(200);
    const { token, user } = done.json();
    expect(user).toMatchObject({ provider: 'google', email: 'ann@oidc.localhost' });
    const me = await app.inject({ method: 'GET', url: `/auth/v1/user?${ACCESS_QUERY}`, headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.id).toBe(user.id);

    // Handed out once; the provider's code cannot be used twice either.
    expect((await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret })).statusCode).toBe(404);
    expect((await callback(back)).statusCode).toBe(400);

    // The same subject is the same user; the same e-mail at another provider is not linked.
    const again = await start('google');
    await callback(await signInAtLocalProvider(again.authorizeUrl, 'ann', CALLBACK));
    expect((await post('/auth/v1/social/complete', { flowId: again.flowId, flowSecret: again.flowSecret })).json().user.id).toBe(user.id);
    const github = await start('github');
    expect(new URL(github.authorizeUrl).searchParams.has('nonce')).toBe(false);
    const githubPage = await callback(await signInAtLocalProvider(github.authorizeUrl, 'ann', CALLBACK));
    expect(githubPage.statusCode, githubPage.body).toBe(200);
    const githubUser = (await post('/auth/v1/social/complete', { flowId: github.flowId, flowSecret: github.flowSecret })).json().user;
    expect(githubUser).toMatchObject({ provider: 'github', email: null });
    expect(githubUser.id).not.toBe(user.id);
  });

  it.skipIf(skip)('gives the login only to the page holding the flow secret', async () => {
    const flow = await start('google');
    await callback(await signInAtLocalProvider(flow.authorizeUrl, 'bob', CALLBACK));
    const stolen = await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: 'A'.repeat(43) });
    expect([stolen.statusCode, stolen.json().message]).toEqual([404, SOCIAL_ERRORS.unknownFlow]);
    expect((await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret })).statusCode).toBe(200);
  });

  it.skipIf(skip)('refuses a forged state, a tampered code and a provider error without logging anyone in', async () => {
    const flow = await start('google');
    const back = await signInAtLocalProvider(flow.authorizeUrl, 'carol', CALLBACK);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    expect((await callback(forged)).statusCode).toBe(400);
    const tampered = new URL(back);
    tampered.searchParams.set('code', 'tampered-code');
    expect((await callback(tampered)).statusCode).toBe(401);
    const failed = await post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret });
    expect([failed.statusCode, failed.json().message]).toEqual([401, SOCIAL_ERRORS.unverified]);

    const denied = await start('google');
    const state = new URL(denied.authorizeUrl).searchParams.get('state')!;
    expect((await app.inject({ method: 'GET', url: `/auth/v1/social/callback?state=${state}&error=access_denied` })).statusCode).toBe(200);
    const cancelled = await post('/auth/v1/social/complete', { flowId: denied.flowId, flowSecret: denied.flowSecret });
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([401, SOCIAL_ERRORS.denied('access_denied')]);
  });

  it.skipIf(skip)("refuses providers outside SPEC's list and those not set up", async () => {
    const farcaster = await post('/auth/v1/social/farcaster/start');
    expect([farcaster.statusCode, farcaster.json().message]).toEqual([400, SOCIAL_ERRORS.unsupported('farcaster')]);
    const discord = await post('/auth/v1/social/discord/start');
    expect([discord.statusCode, discord.json().message]).toEqual([404, SOCIAL_ERRORS.notSetUp('discord')]);
    for (const body of [{}, { flowId: 'x', flowSecret: 'y' }]) expect((await post('/auth/v1/social/complete', body)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/auth/v1/social/callback' })).statusCode).toBe(400);
  });

  it.skipIf(skip)('says the provider cannot be reached when its discovery fails, and keeps no login', async () => {
    const down = await createServer(
      testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SOCIAL_GOOGLE_CLIENT_ID: 'a', SOCIAL_GOOGLE_CLIENT_SECRET: 'b', SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:9' }),
    );
    try {
      const response = await down.inject({ method: 'POST', url: `/auth/v1/social/google/start?${ACCESS_QUERY}` });
      expect([response.statusCode, response.json().message]).toEqual([502, SOCIAL_ERRORS.providerDown]);
    } finally {
      await down.close();
    }
  });

  it.skipIf(skip)('limits social logins started per client IP', async () => {
    const limited = await createServer(
      testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SOCIAL_RATE_LIMIT_PER_MINUTE: '2', SOCIAL_GOOGLE_CLIENT_ID: provider.clientId, SOCIAL_GOOGLE_CLIENT_SECRET: provider.clientSecret, SOCIAL_GOOGLE_ISSUER: provider.issuer }),
    );
    try {
      const statuses = [];
      for (let n = 0; n < 3; n++) statuses.push((await limited.inject({ method: 'POST', url: `/auth/v1/social/google/start?${ACCESS_QUERY}` })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
