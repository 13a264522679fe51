import { buildSiweMessage, type SiweFields } from '@cairn/core/siwx';
import { deployment, readArtifact, TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import {
  concatHex,
  encodeDeployData,
  getContractAddress,
  keccak256,
  serializeErc6492Signature,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from '../testing/testServer.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { SESSION_COOKIE } from './sessionCookie.ts';
import { revokeMessage } from './sessionsRoutes.ts';

const devnet = useTestDevnet({ 31337: 22545, 31338: 22546 });
const owner = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
const other = privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey);
const SITE = '127.0.0.1:5173';
/** Anvil's built-in CREATE2 deployer (Arachnid's deterministic deployment proxy): calldata = salt ++ init code. */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

type Signer = { address: Address; signMessage(args: { message: string }): Promise<Hex> };
type Session = { token: string; id: string; address: string; chainId: number; domain: string; uri: string; issuedAt: string; expirationTime: string; nonce: string };

describe.each(await testDatabaseKinds())('sign-in with a wallet on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const config = () => testConfig(database.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false' });

  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const nonce = async () => (await get(app, '/auth/v1/nonce')).json().nonce as string;
  const messageFor = async (address: Address, overrides: Partial<SiweFields> = {}) =>
    buildSiweMessage({
      domain: SITE,
      address,
      statement: 'Sign in to the Cairn demo',
      uri: `http://${SITE}`,
      version: '1',
      chainId: 31337,
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      ...overrides,
    });
  const signIn = async (overrides: Partial<SiweFields> = {}, signer: Signer = owner, address: Address = signer.address) => {
    const message = await messageFor(address, overrides);
    const signature = await signer.signMessage({ message });
    // As a client on another site signs in: it asks for the token, which it sends as a bearer token.
    return { message, signature, response: await post('/auth/v1/authenticate', { message, signature, token: true }) };
  };
  const expectRefused = (response: { statusCode: number; json(): unknown; body: string }, reason: string) => {
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Unauthorized', message: reason });
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await startTestServer(config());
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.skipIf(skip)('issues fresh alphanumeric nonces', async () => {
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[A-Za-z0-9]{17}$/);
    expect(a).not.toBe(b);
  });

  it.skipIf(skip)('signs an EOA in: 200 with the session and an HttpOnly SameSite cookie holding the token', async () => {
    const { response, message } = await signIn();
    expect(response.statusCode, response.body).toBe(200);
    const { session } = response.json() as { session: Session };
    expect(session).toMatchObject({ address: owner.address, chainId: 31337, domain: SITE, uri: `http://${SITE}` });
    expect(message).toContain(`Nonce: ${session.nonce}`);
    expect(session.token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${session.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here
    // Only the token's hash is stored.
    const stored = await app.cairn.db.selectFrom('auth_sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(session.token);
    expect(JSON.stringify(stored)).not.toContain(session.token);
  });

  it.skipIf(skip)('keeps the token out of the answer unless the client asks for it: the cookie is the session', async () => {
    const message = await messageFor(owner.address);
    const response = await post('/auth/v1/authenticate', { message, signature: await owner.signMessage({ message }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session).not.toHaveProperty('token');
    const token = /cairn_session=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    const me = await get(app, '/auth/v1/me', { cookie: `${SESSION_COOKIE}=${token}` });
    expect(me.json().session.address).toBe(owner.address);
  });

  it.skipIf(skip)('refuses a request carrying two session cookies (cookie tossing)', async () => {
    const { session } = (await signIn()).response.json() as { session: Session };
    const planted = (await signIn({}, other)).response.json().session as Session;
    const both = await get(app, '/auth/v1/me', { cookie: `${SESSION_COOKIE}=${planted.token}; ${SESSION_COOKIE}=${session.token}` });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(AUTH_ERRORS.twoSessionCookies);
  });

  it.skipIf(skip)('sets a __Host- Secure cookie when a trusted TLS proxy says the visitor came over https', async () => {
    const behindProxy = await startTestServer(testConfig(database.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false', TRUST_PROXY: '127.0.0.1' }));
    try {
      const message = await messageFor(owner.address);
      const response = await behindProxy.inject({
        method: 'POST',
        url: `/auth/v1/authenticate?${ACCESS_QUERY}`,
        headers: { 'x-forwarded-proto': 'https' },
        payload: { message, signature: await owner.signMessage({ message }) },
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-cairn_session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      // Over https only the __Host- cookie counts: a plain one planted by a sibling host is ignored.
      const token = /__Host-cairn_session=([^;]+)/.exec(cookie)![1]!;
      const me = await behindProxy.inject({ url: `/auth/v1/me?${ACCESS_QUERY}`, headers: { 'x-forwarded-proto': 'https', cookie: `cairn_session=planted-${'x'.repeat(20)}; __Host-cairn_session=${token}` } });
      expect(me.json().session.address).toBe(owner.address);
    } finally {
      await behindProxy.close();
    }
    // Without TRUST_PROXY the header is not believed: no Secure cookie on plain http.
    const message = await messageFor(owner.address);
    const direct = await app.inject({ method: 'POST', url: `/auth/v1/authenticate?${ACCESS_QUERY}`, headers: { 'x-forwarded-proto': 'https' }, payload: { message, signature: await owner.signMessage({ message }) } });
    expect(String(direct.headers['set-cookie'])).toMatch(/^cairn_session=/);
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it.skipIf(skip)('answers /me from the cookie or a bearer token, and 401 after sign-out', async () => {
    const { session } = (await signIn()).response.json() as { session: Session };
    const byCookie = await get(app, '/auth/v1/me', { cookie: `other=1; ${SESSION_COOKIE}=${session.token}` });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    expect(byCookie.json().session).toMatchObject({ id: session.id, address: owner.address, chainId: 31337 });
    expect(byCookie.json().session).not.toHaveProperty('token');
    const byBearer = await get(app, '/auth/v1/me', bearer(session.token));
    expect(byBearer.json().session.id).toBe(session.id);

    expectRefused(await get(app, '/auth/v1/me'), AUTH_ERRORS.noSession);
    const out = await post('/auth/v1/signout', undefined, bearer(session.token));
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=; .*Max-Age=0`));
    expectRefused(await get(app, '/auth/v1/me', bearer(session.token)), AUTH_ERRORS.sessionEnded);
    expectRefused(await get(app, '/auth/v1/me', { cookie: `${SESSION_COOKIE}=${session.token}` }), AUTH_ERRORS.sessionEnded);
  });

  it.skipIf(skip)('refuses a replayed message', async () => {
    const { message, signature, response } = await signIn();
    expect(response.statusCode).toBe(200);
    expectRefused(await post('/auth/v1/authenticate', { message, signature }), AUTH_ERRORS.nonceUnknownOrUsed);
  });

  it.skipIf(skip)('lets only one of two concurrent requests with one message through', async () => {
    const message = await messageFor(owner.address);
    const signature = await owner.signMessage({ message });
    const results = await Promise.all([post('/auth/v1/authenticate', { message, signature }), post('/auth/v1/authenticate', { message, signature })]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 401]);
  });

  it.skipIf(skip)('refuses an expired message, a not-yet-valid one and one issued in the future', async () => {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    expectRefused((await signIn({ issuedAt: hourAgo, expirationTime: new Date(Date.now() - 1000).toISOString() })).response, AUTH_ERRORS.expired);
    expectRefused((await signIn({ notBefore: inAnHour })).response, AUTH_ERRORS.notYetValid);
    expectRefused((await signIn({ issuedAt: inAnHour })).response, AUTH_ERRORS.issuedInFuture);
  });

  it.skipIf(skip)('ends the session at the message expiration time when that is sooner than the TTL', async () => {
    const expirationTime = new Date(Date.now() + 600_000).toISOString();
    const { session } = (await signIn({ expirationTime })).response.json() as { session: Session };
    expect(session.expirationTime).toBe(expirationTime);
  });

  it.skipIf(skip)('refuses a domain not configured, a chain not served, an unknown nonce and a bad signature', async () => {
    expectRefused((await signIn({ domain: '127.0.0.1:9999' })).response, 'Domain 127.0.0.1:9999 is not accepted (see SIWX_DOMAINS in the server configuration)');
    expectRefused((await signIn({ chainId: 5 })).response, AUTH_ERRORS.chainNotServed(5));
    expectRefused((await signIn({ nonce: 'NotIssuedHere123' })).response, AUTH_ERRORS.nonceUnknownOrUsed);
    // Signed by another key: neither ecrecover nor the chain (no contract there) vouches for it.
    expectRefused((await signIn({}, other, owner.address)).response, AUTH_ERRORS.badSignature);
    const message = await messageFor(owner.address);
    expectRefused(await post('/auth/v1/authenticate', { message, signature: '0x' }), AUTH_ERRORS.badSignature);
  });

  it.skipIf(skip)('keeps the nonce after a bad signature, so the right signature still signs in', async () => {
    const message = await messageFor(owner.address);
    expectRefused(await post('/auth/v1/authenticate', { message, signature: await other.signMessage({ message }) }), AUTH_ERRORS.badSignature);
    expect((await post('/auth/v1/authenticate', { message, signature: await owner.signMessage({ message }) })).statusCode).toBe(200);
  });

  it.skipIf(skip)('answers 400 naming the field for a malformed body or message', async () => {
    const missing = await post('/auth/v1/authenticate', { message: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'signature' });
    const message = (await messageFor(owner.address)).replace(owner.address, owner.address.toLowerCase());
    const unparsable = await post('/auth/v1/authenticate', { message, signature: await owner.signMessage({ message }) });
    expect(unparsable.statusCode).toBe(400);
    expect(unparsable.json()).toMatchObject({ field: 'message', message: 'Invalid SIWE message: address is not EIP-55 checksummed' });
    const badHex = await post('/auth/v1/authenticate', { message, signature: '0xzz' });
    expect(badHex.json()).toMatchObject({ statusCode: 400, field: 'signature' });
  });

  it.skipIf(skip)('needs the project id like every data route', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/v1/nonce' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ field: 'projectId' });
  });

  it.skipIf(skip)('accepts a smart account (the devnet ERC-1271 wallet) signed by its owner', async () => {
    const smartAccount = deployment.contracts.smartAccount;
    const { response } = await signIn({}, owner, smartAccount);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session.address).toBe(smartAccount);
    // The contract says no for a key that is not its owner.
    expectRefused((await signIn({}, other, smartAccount)).response, AUTH_ERRORS.badSignature);
  });

  it.skipIf(skip)('accepts an undeployed smart account through ERC-6492', async () => {
    const artifact = readArtifact('SmartAccount');
    const initCode = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner.address] });
    const salt = keccak256(concatHex([owner.address, name === 'sqlite' ? '0x01' : '0x02']));
    const counterfactual = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode: initCode });
    expect(await devnet.chain().client.getCode({ address: counterfactual })).toBeUndefined();
    const message = await messageFor(counterfactual);
    const signature = serializeErc6492Signature({
      address: CREATE2_DEPLOYER,
      data: concatHex([salt, initCode]),
      signature: await owner.signMessage({ message }),
    });
    const response = await post('/auth/v1/authenticate', { message, signature });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session.address).toBe(counterfactual);
    // Verification simulates the deployment; nothing is deployed.
    expect(await devnet.chain().client.getCode({ address: counterfactual })).toBeUndefined();
  });

  it.skipIf(skip)('lists an address’s active sessions and revokes one with its signature', async () => {
    const signer = privateKeyToAccount(TEST_ACCOUNTS[name === 'sqlite' ? 2 : 3]!.privateKey);
    const first = (await signIn({}, signer)).response.json().session as Session;
    const second = (await signIn({}, signer)).response.json().session as Session;
    const list = async () => (await get(app, `/v1/sessions/${signer.address}`, bearer(second.token))).json().sessions as { id: string }[];
    // Only the address's own session lists them.
    expectRefused(await get(app, `/v1/sessions/${signer.address}`), AUTH_ERRORS.noSession);
    const stranger = (await signIn({}, other)).response.json().session as Session;
    const foreign = await get(app, `/v1/sessions/${signer.address}`, bearer(stranger.token));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(AUTH_ERRORS.sessionOfAnotherAddress);
    const sessions = await list();
    expect(sessions.map((session) => session.id).sort()).toEqual([first.id, second.id].sort());
    expect(sessions[0]).toEqual({ id: expect.any(String), chainId: 31337, domain: SITE, issuedAt: expect.any(String), expirationTime: expect.any(String) });

    const revoke = (pci: string, signature: Hex) => post(`/v1/sessions/${signer.address}/revoke`, { pci, signature });
    expectRefused(await revoke(first.id, await other.signMessage({ message: revokeMessage(first.id) })), AUTH_ERRORS.badSignature);
    expectRefused(await revoke(first.id, await signer.signMessage({ message: revokeMessage(second.id) })), AUTH_ERRORS.badSignature);
    expect((await revoke(first.id, await signer.signMessage({ message: revokeMessage(first.id) }))).statusCode).toBe(204);
    expect((await list()).map((session) => session.id)).toEqual([second.id]);
    expectRefused(await get(app, '/auth/v1/me', bearer(first.token)), AUTH_ERRORS.sessionEnded);
    expect((await get(app, '/auth/v1/me', bearer(second.token))).statusCode).toBe(200);
    // Another address's session is not found under this one.
    const elsewhere = await post(`/v1/sessions/${other.address}/revoke`, { pci: second.id, signature: await other.signMessage({ message: revokeMessage(second.id) }) });
    expect(elsewhere.statusCode).toBe(404);
  });

  it.skipIf(skip)('keeps sessions across a server restart on the same database', async () => {
    const { session } = (await signIn()).response.json() as { session: Session };
    await app.close();
    app = await startTestServer(config());
    const me = await get(app, '/auth/v1/me', bearer(session.token));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().session.id).toBe(session.id);
  });

  it.skipIf(skip)('lets the configured origins call with credentials and an Authorization header', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/me',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    const call = await get(app, '/auth/v1/nonce', { origin: 'http://127.0.0.1:5173' });
    expect(call.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(call.headers['access-control-allow-credentials']).toBe('true');
    const stranger = await get(app, '/auth/v1/nonce', { origin: 'http://evil.example' });
    expect(stranger.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('sign-in when the chain node is down', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startTestServer(testConfig({ dialect: 'sqlite', path: ':memory:' }, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }], { INDEXER_ENABLED: 'false' }));
  });
  afterAll(async () => {
    await app?.close();
  });
  const attempt = async (address: Address) => {
    const nonce = (await get(app, '/auth/v1/nonce')).json().nonce as string;
    const message = buildSiweMessage({ domain: SITE, address, uri: `http://${SITE}`, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
    const signature = await owner.signMessage({ message });
    return app.inject({ method: 'POST', url: `/auth/v1/authenticate?${ACCESS_QUERY}`, payload: { message, signature } });
  };

  it('still signs an EOA in (ecrecover needs no node)', async () => {
    expect((await attempt(owner.address)).statusCode).toBe(200);
  });
  it('answers 502 for a contract account, whose signature only the node can check', async () => {
    const response = await attempt(deployment.contracts.smartAccount);
    expect(response.statusCode, response.body).toBe(502);
  });
});
