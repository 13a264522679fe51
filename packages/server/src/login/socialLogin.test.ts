import { signInAtLocalProvider, startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, testConfig } from '../testing/testServer.ts';
import { SOCIAL_ERRORS } from './loginErrors.ts';
import { SOCIAL_BROWSER_COOKIE } from './socialBrowserKey.ts';
import { userinfoSubject } from './socialProviders.ts';

const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
// The provider redirects the browser here; the test hands that URL to the server itself.
const CALLBACK = 'http://127.0.0.1:28999/auth/v1/social/callback';
// The devnet's default frame origin (FRAME_ORIGINS), as `npm start` serves the frame.
const FRAME_ORIGIN = 'http://127.0.0.1:5174';
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

  // The secure frame's fetches: from its origin, same-site with the server (as under `npm start`).
  const FROM_FRAME = { origin: FRAME_ORIGIN, 'sec-fetch-site': 'same-site' };
  const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, payload: body as object, headers });
  type Flow = { flowId: string; flowSecret: string; authorizeUrl: string; callbackOrigin: string; cookie?: string };
  /** A flow as the frame starts it (or, with other headers, as any other caller would). */
  const start = async (providerId: string, headers: Record<string, string> = FROM_FRAME): Promise<Flow> => {
    const response = await post(`/auth/v1/social/${providerId}/start`, {}, headers);
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name === SOCIAL_BROWSER_COOKIE);
    return { ...(response.json() as Flow), ...(cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {}) };
  };
  const cookieOf = (flow: Flow): Record<string, string> => (flow.cookie ? { cookie: flow.cookie } : {});
  const bind = (flow: Flow, headers = cookieOf(flow)) => post('/auth/v1/social/bind', { flowId: flow.flowId, flowSecret: flow.flowSecret }, { ...FROM_FRAME, ...headers });
  /** The provider's answer as the callback page hands it to the frame. */
  const answerOf = (back: URL) => Object.fromEntries([...back.searchParams].filter(([key]) => ['state', 'code', 'iss', 'error'].includes(key)));
  const complete = (flow: Pick<Flow, 'flowId' | 'flowSecret'>, callback: unknown, headers: Record<string, string> = {}) =>
    post('/auth/v1/social/complete', { flowId: flow.flowId, flowSecret: flow.flowSecret, callback }, { ...FROM_FRAME, ...headers });
  const callback = (url: URL) => app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  /** The victim, signed in at the provider, follows an authorize URL to the callback page. */
  const victimOpens = async (authorizeUrl: string, account: string) => {
    const back = await signInAtLocalProvider(authorizeUrl, account, CALLBACK);
    expect((await callback(back)).statusCode).toBe(200);
    return back;
  };

  it.skipIf(skip)('logs in through the provider with PKCE (S256), state and nonce, once, when the frame presents the answer with its secret and browser', async () => {
    const flow = await start('google');
    expect(flow.cookie).toBeDefined();
    expect(flow.callbackOrigin).toBe(new URL(CALLBACK).origin);
    expect((await bind(flow)).json()).toEqual({ bound: true });
    const authorize = new URL(flow.authorizeUrl);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const back = await signInAtLocalProvider(flow.authorizeUrl, 'ann', CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();
    // The callback page finishes nothing: it hands the answer to the frame's origin, by a nonce'd script.
    const page = await callback(back);
    expect(page.statusCode, page.body).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'none'; script-src 'nonce-[\w+/=]{24}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect([page.headers['referrer-policy'], page.headers['cache-control']]).toEqual(['no-referrer', 'no-store']);
    expect(page.body).toContain(`data-frame-origin="${FRAME_ORIGIN}"`);
    expect(page.body).not.toMatch(/postMessage\([^)]*'\*'/);
    expect(page.body).not.toContain(back.searchParams.get('code')!);

    const done = await complete(flow, answerOf(back), cookieOf(flow));
    expect(done.statusCode, done.body).toBe(200);
    const { token, user } = done.json();
    expect(user).toMatchObject({ provider: 'google', email: 'ann@oidc.localhost' });
    const me = await app.inject({ method: 'GET', url: `/auth/v1/user?${ACCESS_QUERY}`, headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.id).toBe(user.id);

    // Once: the same answer again gives nothing.
    const again = await complete(flow, answerOf(back), cookieOf(flow));
    expect([again.statusCode, again.json().message]).toEqual([404, SOCIAL_ERRORS.unknownFlow]);
    expect((await callback(back)).statusCode).toBe(400);

    // The same subject is the same user; the same e-mail at another provider is not linked.
    const second = await start('google');
    expect((await complete(second, answerOf(await victimOpens(second.authorizeUrl, 'ann')), cookieOf(second))).json().user.id).toBe(user.id);
    const github = await start('github');
    expect(new URL(github.authorizeUrl).searchParams.has('nonce')).toBe(false);
    const githubLogin = await complete(github, answerOf(await victimOpens(github.authorizeUrl, 'ann')), cookieOf(github));
    expect(githubLogin.statusCode, githubLogin.body).toBe(200);
    expect(githubLogin.json().user).toMatchObject({ provider: 'github', email: null });
    expect(githubLogin.json().user.id).not.toBe(user.id);
  });

  it.skipIf(skip)("gives an attacker who started a flow and got a victim to open its authorize URL no login, whatever it presents", async () => {
    // The attacker starts the flow from its own client, claiming the frame's origin, and sends the link.
    const attack = await start('google', { origin: FRAME_ORIGIN });
    expect(attack.cookie).toBeUndefined();
    const state = new URL(attack.authorizeUrl).searchParams.get('state')!;
    await victimOpens(attack.authorizeUrl, 'victim');
    // Collecting as before gives nothing: the callback bound no identity to the flow.
    const collect = await post('/auth/v1/social/complete', { flowId: attack.flowId, flowSecret: attack.flowSecret });
    expect(collect.statusCode).toBe(400);
    // The state alone (it is in the link) is no answer: the flow is spent, and never a login.
    const guessed = await complete(attack, { state });
    expect([guessed.statusCode, guessed.json().message]).toEqual([401, SOCIAL_ERRORS.unverified]);
    const guessedAgain = await complete(attack, { state, code: 'guessed' });
    expect(guessedAgain.statusCode).toBe(404);
  });

  it.skipIf(skip)("gives nothing for a code presented with another flow's secret, and the right frame its login", async () => {
    const victim = await start('google');
    await bind(victim);
    const code = answerOf(await victimOpens(victim.authorizeUrl, 'dora'));
    const attack = await start('google', { origin: FRAME_ORIGIN });
    // The victim's answer with the attacker's flow: the state is not the attacker's flow's.
    const withOwnFlow = await complete(attack, code);
    expect([withOwnFlow.statusCode, withOwnFlow.json().message]).toEqual([400, SOCIAL_ERRORS.otherState]);
    // The victim's flow id with the attacker's secret: unknown.
    const withOtherSecret = await complete({ flowId: victim.flowId, flowSecret: attack.flowSecret }, code, cookieOf(victim));
    expect([withOtherSecret.statusCode, withOtherSecret.json().message]).toEqual([404, SOCIAL_ERRORS.unknownFlow]);
    // The victim's code under the attacker's own state: the code is bound to the victim flow's PKCE verifier.
    const attackState = new URL(attack.authorizeUrl).searchParams.get('state')!;
    const swapped = await complete(attack, { ...code, state: attackState });
    expect([swapped.statusCode, swapped.json().message]).toEqual([401, SOCIAL_ERRORS.unverified]);
    // None of that spent the victim's flow: its frame gets the login, once.
    const done = await complete(victim, code, cookieOf(victim));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe('dora@oidc.localhost');
    expect((await complete(victim, code, cookieOf(victim))).statusCode).toBe(404);
  });

  it.skipIf(skip)('finishes a flow bound to its browser only with that browser key cookie', async () => {
    const flow = await start('google');
    expect((await bind(flow)).json()).toEqual({ bound: true });
    const answer = answerOf(await victimOpens(flow.authorizeUrl, 'erin'));
    // The secret and the code from another browser: refused, and the flow is not spent.
    const elsewhereHeaders: Record<string, string>[] = [{}, { cookie: `${SOCIAL_BROWSER_COOKIE}=${'B'.repeat(43)}` }, { cookie: `${flow.cookie}; ${flow.cookie}` }];
    for (const headers of elsewhereHeaders) {
      const elsewhere = await complete(flow, answer, headers);
      expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([403, SOCIAL_ERRORS.otherBrowser]);
    }
    expect((await complete(flow, answer, cookieOf(flow))).statusCode).toBe(200);

    // A browser that did not keep the cookie (a cross-site embedding) leaves the flow unbound.
    const unkept = await start('google');
    expect((await bind(unkept, {})).json()).toEqual({ bound: false });
    expect((await complete(unkept, answerOf(await victimOpens(unkept.authorizeUrl, 'erin')))).statusCode).toBe(200);
    // A start that is not same-site offers no cookie.
    expect((await start('google', { origin: FRAME_ORIGIN, 'sec-fetch-site': 'cross-site' })).cookie).toBeUndefined();
  });

  it.skipIf(skip)('starts only from the frame origins the server is told (FRAME_ORIGINS)', async () => {
    const strangers: Record<string, string>[] = [{}, { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-site' }, { origin: 'null' }];
    for (const headers of strangers) {
      const response = await post('/auth/v1/social/google/start', {}, headers);
      expect([response.statusCode, response.json().message]).toEqual([403, SOCIAL_ERRORS.notFromFrame]);
    }
  });

  it.skipIf(skip)("refuses a forged state and a tampered code, and a provider's refusal fails only that flow", async () => {
    const flow = await start('google');
    const back = await signInAtLocalProvider(flow.authorizeUrl, 'carol', CALLBACK);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    const expired = await callback(forged);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).not.toContain('<script');
    const tampered = await complete(flow, { ...answerOf(back), code: 'tampered-code' }, cookieOf(flow));
    expect([tampered.statusCode, tampered.json().message]).toEqual([401, SOCIAL_ERRORS.unverified]);

    const denied = await start('google');
    const other = await start('google');
    const state = new URL(denied.authorizeUrl).searchParams.get('state')!;
    expect((await app.inject({ method: 'GET', url: `/auth/v1/social/callback?state=${state}&error=access_denied` })).statusCode).toBe(200);
    const cancelled = await complete(denied, { state, error: 'access_denied' }, cookieOf(denied));
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([401, SOCIAL_ERRORS.denied('access_denied')]);
    expect((await complete(other, answerOf(await victimOpens(other.authorizeUrl, 'carol')), cookieOf(other))).statusCode).toBe(200);
  });

  it.skipIf(skip)("refuses providers outside SPEC's list and those not set up", async () => {
    const farcaster = await post('/auth/v1/social/farcaster/start', {}, FROM_FRAME);
    expect([farcaster.statusCode, farcaster.json().message]).toEqual([400, SOCIAL_ERRORS.unsupported('farcaster')]);
    const discord = await post('/auth/v1/social/discord/start', {}, FROM_FRAME);
    expect([discord.statusCode, discord.json().message]).toEqual([404, SOCIAL_ERRORS.notSetUp('discord')]);
    const flowId = '00000000-0000-4000-8000-000000000000';
    for (const body of [{}, { flowId: 'x', flowSecret: 'y', callback: { state: 's' } }, { flowId, flowSecret: 'A'.repeat(43) }, { flowId, flowSecret: 'A'.repeat(43), callback: { code: 'c' } }, { flowId, flowSecret: 'A'.repeat(43), callback: { state: 's'.repeat(513) } }]) {
      expect((await post('/auth/v1/social/complete', body)).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/auth/v1/social/callback' })).statusCode).toBe(400);
  });

  it.skipIf(skip)('says the provider cannot be reached when its discovery fails, and keeps no login', async () => {
    const down = await createServer(
      testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SOCIAL_GOOGLE_CLIENT_ID: 'a', SOCIAL_GOOGLE_CLIENT_SECRET: 'b', SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:9' }),
    );
    try {
      const response = await down.inject({ method: 'POST', url: `/auth/v1/social/google/start?${ACCESS_QUERY}`, headers: FROM_FRAME });
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
      for (let n = 0; n < 3; n++) statuses.push((await limited.inject({ method: 'POST', url: `/auth/v1/social/google/start?${ACCESS_QUERY}`, headers: FROM_FRAME })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
