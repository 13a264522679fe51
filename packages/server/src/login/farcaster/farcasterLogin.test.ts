import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client';
import { moveFarcasterCustody, registerFarcasterId, registerFarcasterName, startLocalNameRegistry, type LocalNameRegistry } from '@cairn/devnet';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../createServer.ts';
import { openDatabase } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts';
import { useTestDevnet } from '../../testing/testDevnet.ts';
import { ACCESS_QUERY, testConfig } from '../../testing/testServer.ts';
import { completionHashOf } from './farcasterChannelStore.ts';
import { FARCASTER_ERRORS } from './farcasterErrors.ts';
import { FARCASTER_RELAY_PATH } from './farcasterRoutes.ts';

// Sign In With Farcaster through the server's own relay (issue 27), on the real devnet: the ID
// registry's code at its OP Mainnet address on chain 31337, a test-side Farcaster wallet app
// (@farcaster/auth-client's wallet client, the test's custody key registered in that registry), and
// the app side as a site's frame would run it (@farcaster/auth-client's app client on the relay).
const devnet = useTestDevnet({ 31337: 28145, 31338: 28146 });
const RELAY_KEY = 'test-farcaster-relay-key-0123456789';
// The site the frame signs in for: one of the server's SIWX_DOMAINS (the default's demo site).
const SITE = { siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' };
// The secure frame's origin (FRAME_ORIGINS): only it opens a channel that can become a login.
const FRAME = 'http://127.0.0.1:27174';
// One secret for the two replicas of the rate-limit test: a channel's token is kept as a hash keyed by it.
const LOGIN_SECRET = 'test-login-secret-farcaster-0123456789';

let database: TestDatabase;
let names: LocalNameRegistry;
let app: FastifyInstance;
let relay: string;

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  names = await startLocalNameRegistry();
  const chains = devnet.devnet().chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }));
  app = await createServer(testConfig(database.config, chains, { INDEXER_ENABLED: 'false', ...farcasterSettings() }));
  relay = `${await app.listen({ port: 0, host: '127.0.0.1' })}${FARCASTER_RELAY_PATH}`;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await names?.close();
  await database?.drop();
});

const farcasterSettings = () => ({ FARCASTER_RELAY_KEY: RELAY_KEY, FARCASTER_CHAIN_ID: '31337', FRAME_ORIGINS: FRAME, LOGIN_SECRET, FARCASTER_NAME_REGISTRY_URL: names.url, FARCASTER_NAME_REGISTRY_SIGNER: names.signer });

const rpcUrl = () => devnet.chain(31337).rpcUrl;
const step = (path: 'check' | 'complete' | 'reject', channelToken: string, completionSecret?: string, server = app) =>
  server.inject({ method: 'POST', url: `/auth/v1/farcaster/${path}?${ACCESS_QUERY}`, payload: { channelToken, ...(completionSecret ? { completionSecret } : {}) } });
/** The frame's two steps, the visitor confirming the name in between: the check's refusal, or the login. */
async function complete(channelToken: string, completionSecret?: string, server = app) {
  const checked = await step('check', channelToken, completionSecret, server);
  return checked.statusCode === 200 ? step('complete', channelToken, completionSecret, server) : checked;
}
/** 32 random bytes, base64url, as the frame makes its completion secret. */
const newSecret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

/** A Farcaster wallet app holding `custodyKey`: opens the link, signs the channel's message for `fid`, answers the relay. */
async function walletAppSigns(url: string, custodyKey: `0x${string}`, fid: number, relayKey = RELAY_KEY, username = 'trail') {
  const wallet = createWalletClient({ relay, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
  const { channelToken } = wallet.parseSignInURI({ uri: url }) as { channelToken: string };
  const params = new URL(url).searchParams;
  const custody = privateKeyToAccount(custodyKey);
  const built = wallet.buildSignInMessage({ address: custody.address, fid, uri: params.get('siweUri')!, domain: params.get('domain')!, nonce: params.get('nonce')! });
  if (built.isError) throw built.error;
  const signature = await custody.signMessage({ message: built.message });
  return wallet.authenticate({ channelToken, authKey: relayKey, message: built.message, signature, fid, username });
}

/** A channel as the frame opens it: from its origin, with the hash of a secret it keeps; `site` reads its status as any holder of the link can. */
let channelsOpened = 0;
async function openChannel() {
  const site = createAppClient({ relay, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
  const secret = newSecret();
  // Each from a network of its own: this file opens more channels than one client may in a minute.
  const opened = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, remoteAddress: `2001:db8:f:${++channelsOpened}::1`, headers: { origin: FRAME }, payload: { ...SITE, completionHash: completionHashOf(secret) } });
  expect(opened.statusCode).toBe(201);
  return { site, secret, ...(opened.json() as { channelToken: string; url: string; nonce: string }) };
}

describe('Sign In With Farcaster through the local relay', () => {
  it("logs in the fid whose registered custody key signed, once; the channel tells the site it is signed", async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const { site, channelToken, url, nonce, secret } = await openChannel();
    expect(new URL(url).searchParams.get('nonce')).toBe(nonce);
    expect((await site.status({ channelToken })).data?.state).toBe('pending');
    expect((await complete(channelToken, secret)).json()).toMatchObject({ message: FARCASTER_ERRORS.pending });

    const answered = await walletAppSigns(url, custodyKey, fid);
    expect(answered.isError).toBe(false);
    const status = await site.status({ channelToken });
    expect(status.data).toMatchObject({ state: 'completed', fid, username: 'trail', nonce });
    // The site checks it as any Sign In With Farcaster app does, against the devnet's registry.
    const checked = await site.verifySignInMessage({ nonce, domain: SITE.domain, message: status.data!.message!, signature: status.data!.signature!, acceptAuthAddress: false });
    expect([checked.isError, checked.fid]).toEqual([false, fid]);

    const login = await complete(channelToken, secret);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ fid, user: { provider: 'farcaster', email: null } });
    // The app's `username` is its own word: the fid has no name in the registry, so the user carries none.
    expect(login.json().user.username).toBeUndefined();
    expect(login.json().token).toMatch(/\S{20,}/);
    // Used once: the channel is gone.
    expect([(await complete(channelToken, secret)).statusCode]).toEqual([404]);

    // The same fid again is the same user.
    const again = await openChannel();
    await walletAppSigns(again.url, custodyKey, fid);
    expect((await complete(again.channelToken, again.secret)).json().user.id).toBe(login.json().user.id);
  });

  it('refuses a signature by a key that is not the custody address of the fid, and an fid no one registered', async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));

    const forged = await openChannel();
    await walletAppSigns(forged.url, generatePrivateKey(), fid);
    const refused = await complete(forged.channelToken, forged.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(new RegExp(`^${FARCASTER_ERRORS.refused('')}.*does not own fid ${fid}`));

    const unregistered = await openChannel();
    await walletAppSigns(unregistered.url, generatePrivateKey(), fid + 1_000_000);
    expect((await complete(unregistered.channelToken, unregistered.secret)).json().message).toMatch(new RegExp(`^${FARCASTER_ERRORS.refused('')}`));
  });

  it('takes an answer only with the relay key, once, and only for an open channel', async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const { site, url, channelToken } = await openChannel();
    // The client hands back the relay's answer whatever its status: the refusal's text, and the channel still waiting.
    expect((await walletAppSigns(url, custodyKey, fid, 'not-the-relay-key-at-all')).data).toMatchObject({ message: FARCASTER_ERRORS.relayKey });
    expect((await site.status({ channelToken })).data?.state).toBe('pending');
    expect((await walletAppSigns(url, custodyKey, fid)).data).toMatchObject({ state: 'completed', fid });
    const twice = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel/authenticate`, headers: { authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': RELAY_KEY }, payload: { message: 'x', signature: '0x00', fid } });
    expect([twice.statusCode, twice.json().message]).toEqual([409, FARCASTER_ERRORS.answered]);
    const unknown = await app.inject({ method: 'GET', url: `${FARCASTER_RELAY_PATH}/v1/channel/status`, headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    expect(unknown.statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, payload: { siweUri: 'javascript:alert(1)', domain: SITE.domain } });
    expect(bad.statusCode).toBe(400);
  });

  it("opens no channel for a site that is not the server's own (another site, or its URI on another origin)", async () => {
    // Else a site of the attacker's own could have its visitor sign in to it with Farcaster, then
    // complete the login here with the channel's token and hold that visitor's embedded wallet.
    for (const foreign of [
      { siweUri: 'https://evil.example/', domain: 'evil.example' },
      { siweUri: 'https://evil.example/', domain: SITE.domain },
    ]) {
      const refused = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, payload: foreign });
      expect([refused.statusCode, refused.json().message]).toEqual([400, FARCASTER_ERRORS.siteNotAccepted(foreign.domain)]);
    }
  });
  it("gives the login only to the frame that opened the channel: not to the site's page holding the link, nor to a copy of the database", async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const frame = await openChannel();
    // The site's page reads the link (SPEC §3's farcasterUrl, the QR code): the channel token is in its query.
    const stolenToken = new URL(frame.url).searchParams.get('channelToken')!;
    expect(stolenToken).toBe(frame.channelToken);
    await walletAppSigns(frame.url, custodyKey, fid);

    // The site tries first: with the token alone, a guessed secret, and the hash a copy of the database holds.
    const copy = await openDatabase(database.config);
    const stored = await copy.selectFrom('farcaster_channels').select('completion_hash').execute().finally(() => copy.destroy());
    expect(stored.map((row) => row.completion_hash)).toContain(completionHashOf(frame.secret));
    for (const tried of [undefined, newSecret(), completionHashOf(frame.secret)]) {
      const refused = await complete(stolenToken, tried);
      expect([refused.statusCode, refused.json().message]).toEqual([401, FARCASTER_ERRORS.notThisFrame]);
      expect(refused.json().token).toBeUndefined();
      // Nor can the link's holder end the visitor's channel ('That is not me' is the frame's alone).
      const rejected = await step('reject', stolenToken, tried);
      expect([rejected.statusCode, rejected.json().message]).toEqual([401, FARCASTER_ERRORS.notThisFrame]);
    }
    // The wrong tries closed nothing: the channel is still signed, and the frame gets its login.
    expect((await frame.site.status({ channelToken: frame.channelToken })).data).toMatchObject({ state: 'completed', fid });
    const login = await complete(frame.channelToken, frame.secret);
    expect([login.statusCode, login.json().fid]).toEqual([200, fid]);
  });

  it('gives no login for a channel an ordinary FIP-11 app opened, and opens a login channel only from the frame', async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    // The site's page as a Sign In With Farcaster app: its own channel on the relay, its visitor signs it.
    const site = createAppClient({ relay, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
    const channel = await site.createChannel(SITE);
    if (channel.isError) throw channel.error;
    await walletAppSigns(channel.data.url, custodyKey, fid);
    // The relay serves it as FIP-11 says (the app can verify the signature itself), but it is no login here.
    expect((await site.status({ channelToken: channel.data.channelToken })).data).toMatchObject({ state: 'completed', fid });
    const refused = await complete(channel.data.channelToken, newSecret());
    expect([refused.statusCode, refused.json().message]).toEqual([401, FARCASTER_ERRORS.notThisFrame]);

    // A channel bound to a secret opens from the frame's origin only: not from the site's page, nor without an Origin.
    for (const headers of [{ origin: 'http://127.0.0.1:5173' }, {}]) {
      const opened = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, headers, payload: { ...SITE, completionHash: completionHashOf(newSecret()) } });
      expect([opened.statusCode, opened.json().message]).toEqual([403, FARCASTER_ERRORS.notFromFrame]);
    }
    const malformed = await complete(channel.data.channelToken, 'short');
    expect(malformed.statusCode).toBe(400);
  });

  it("gives no login for a signed message replayed into a login channel of the replayer's (a login channel's nonce is the server's)", async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const frame = await openChannel();
    await walletAppSigns(frame.url, custodyKey, fid);
    // Whoever holds the link (the site's page, a shoulder) reads the visitor's signed message from the channel's status.
    const signed = (await frame.site.status({ channelToken: frame.channelToken })).data!;
    expect(signed).toMatchObject({ state: 'completed', fid, nonce: frame.nonce });
    // He opens a login channel of his own (a server forges the frame's Origin) for the same nonce, to answer it
    // with that message (he holds the relay key) and complete it with his own secret: the visitor's login.
    const secret = newSecret();
    const sameNonce = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, headers: { origin: FRAME }, payload: { ...SITE, nonce: frame.nonce, completionHash: completionHashOf(secret) } });
    expect([sameNonce.statusCode, sameNonce.json().message]).toEqual([400, FARCASTER_ERRORS.nonceFromFrameOnly]);
    // A channel with the server's nonce takes the message (the relay checks no signature) but gives no login.
    const own = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, headers: { origin: FRAME }, payload: { ...SITE, completionHash: completionHashOf(secret) } });
    const ownToken = (own.json() as { channelToken: string }).channelToken;
    const answered = await app.inject({
      method: 'POST',
      url: `${FARCASTER_RELAY_PATH}/v1/channel/authenticate`,
      headers: { authorization: `Bearer ${ownToken}`, 'x-farcaster-auth-relay-key': RELAY_KEY },
      payload: { message: signed.message, signature: signed.signature, fid },
    });
    expect(answered.statusCode).toBe(201);
    const replayed = await complete(ownToken, secret);
    expect([replayed.statusCode, replayed.json().token]).toEqual([401, undefined]);
    expect(replayed.json().message).toMatch(new RegExp(`^${FARCASTER_ERRORS.refused('')}`));
    // The frame's own login is untouched.
    expect((await complete(frame.channelToken, frame.secret)).json().fid).toBe(fid);
  });

  it('bounds the channels all clients together may open per minute (SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE): many addresses make no more rows', async () => {
    const chains = devnet.devnet().chains.map(({ chainId, rpcUrl: url }) => ({ chainId, rpcUrl: url }));
    const limited = await createServer(testConfig(database.config, chains, { INDEXER_ENABLED: 'false', ...farcasterSettings(), SOCIAL_RATE_LIMIT_TOTAL_PER_MINUTE: '3' }));
    try {
      const statuses: number[] = [];
      // Each from a network of its own: the per-client limit (20) never counts two of them.
      for (let client = 1; client <= 5; client++) {
        const opened = await limited.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, remoteAddress: `2001:db8:${client}::1`, payload: SITE });
        statuses.push(opened.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("bounds the secrets one client may try per minute (SOCIAL_RATE_LIMIT_PER_MINUTE), and the frame's own still completes after", async () => {
    const chains = devnet.devnet().chains.map(({ chainId, rpcUrl: url }) => ({ chainId, rpcUrl: url }));
    const limited = await createServer(testConfig(database.config, chains, { INDEXER_ENABLED: 'false', ...farcasterSettings(), SOCIAL_RATE_LIMIT_PER_MINUTE: '3' }));
    try {
      const custodyKey = generatePrivateKey();
      const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
      const frame = await openChannel();
      await walletAppSigns(frame.url, custodyKey, fid);
      const statuses: number[] = [];
      for (let tries = 0; tries < 5; tries++) statuses.push((await complete(frame.channelToken, newSecret(), limited)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another client (the frame, on this server's other replica) is not the one limited.
      expect((await complete(frame.channelToken, frame.secret)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/**
 * A registry in front of the devnet's, which a test makes lie or hang: `answerFor` serves another
 * fid's transfer for an fid (a proof for another fid), `upstream` another registry (one with another
 * key), `delayMs` an answer late; `calls` counts what the server asked.
 */
async function registryInFront(honest: () => string) {
  const front = { upstream: honest, answerFor: new Map<string, string>(), delayMs: 0, calls: 0, url: '', server: undefined as Server | undefined };
  front.server = createHttpServer((request, response) => {
    front.calls++;
    const url = new URL(request.url ?? '/', 'http://front');
    const fid = url.searchParams.get('fid');
    if (fid && front.answerFor.has(fid)) url.searchParams.set('fid', front.answerFor.get(fid)!);
    setTimeout(() => {
      void fetch(`${front.upstream()}${url.pathname}${url.search}`)
        .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.destroy());
    }, front.delayMs);
  });
  await new Promise<void>((resolve) => front.server!.listen(0, '127.0.0.1', resolve));
  front.url = `http://127.0.0.1:${(front.server.address() as AddressInfo).port}`;
  return front;
}

describe('the Farcaster name the visitor confirms (session 22: login fixation closed for a visitor who looks)', () => {
  let front: Awaited<ReturnType<typeof registryInFront>>;
  let rogue: LocalNameRegistry;
  let checked: FastifyInstance;
  beforeAll(async () => {
    front = await registryInFront(() => names.url);
    // Another registry, another key: what it signs is no proof for the configured signer.
    rogue = await startLocalNameRegistry({ key: generatePrivateKey() });
    const chains = devnet.devnet().chains.map(({ chainId, rpcUrl: url }) => ({ chainId, rpcUrl: url }));
    checked = await createServer(
      testConfig(database.config, chains, { INDEXER_ENABLED: 'false', ...farcasterSettings(), FARCASTER_NAME_REGISTRY_URL: front.url, FARCASTER_NAME_REGISTRY_TIMEOUT_MS: '400' }),
    );
  }, 60_000);
  afterAll(async () => {
    await checked?.close();
    await rogue?.close();
    front?.server?.closeAllConnections();
    await new Promise((resolve) => front?.server?.close(resolve));
  });
  const check = (channel: { channelToken: string; secret: string }) => step('check', channel.channelToken, channel.secret, checked);
  /** An account as a Farcaster app makes one: a fid for a fresh custody key, and a name for it in `registry`. */
  async function account(name?: string, registry = names) {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    if (name) await registerFarcasterName(registry.url, custodyKey, fid, name);
    return { custodyKey, fid };
  }
  const unique = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e9)}`.slice(0, 16);

  it("shows the attacker's own name when he answers the visitor's channel first; 'That is not me' leaves no login, and the visitor starts again", async () => {
    const visitorName = unique('alice');
    const attackerName = unique('mallory');
    const visitor = await account(visitorName);
    const attacker = await account(attackerName);
    const channel = await openChannel();
    // He saw the QR code and holds the relay key: his own custody key signs the visitor's channel, and he claims the visitor's name.
    await walletAppSigns(channel.url, attacker.custodyKey, attacker.fid, RELAY_KEY, visitorName);
    const shown = await check(channel);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ fid: attacker.fid, username: attackerName, name: 'verified' });
    // The visitor reads a name that is not theirs and says so: the channel ends, no login for his fid.
    const rejected = await step('reject', channel.channelToken, channel.secret, checked);
    expect([rejected.statusCode, rejected.json()]).toEqual([200, { ended: true }]);
    expect((await step('complete', channel.channelToken, channel.secret, checked)).statusCode).toBe(404);
    const copy = await openDatabase(database.config);
    const users = await copy.selectFrom('login_identities').select('user_id').where('provider', '=', 'farcaster').where('subject', '=', String(attacker.fid)).execute().finally(() => copy.destroy());
    expect(users).toEqual([]);

    const again = await openChannel();
    await walletAppSigns(again.url, visitor.custodyKey, visitor.fid);
    expect((await check(again)).json()).toEqual({ fid: visitor.fid, username: visitorName, name: 'verified', appDisplayName: undefined });
    const login = await step('complete', again.channelToken, again.secret, checked);
    expect([login.statusCode, login.json().fid, login.json().user.username]).toEqual([200, visitor.fid, visitorName]);
  });

  it('completes no login before the check, and checks once per channel: one registry call', async () => {
    const visitor = await account(unique('bob'));
    const channel = await openChannel();
    await walletAppSigns(channel.url, visitor.custodyKey, visitor.fid);
    const early = await step('complete', channel.channelToken, channel.secret, checked);
    expect([early.statusCode, early.json().message]).toEqual([409, FARCASTER_ERRORS.notChecked]);
    const calls = front.calls;
    expect((await check(channel)).json().name).toBe('verified');
    expect((await check(channel)).json().name).toBe('verified');
    expect(front.calls - calls).toBe(1);
  });

  it('shows no name for a fid without one, and the user carries none', async () => {
    const nameless = await account();
    const channel = await openChannel();
    await walletAppSigns(channel.url, nameless.custodyKey, nameless.fid, RELAY_KEY, 'someone-else');
    expect((await check(channel)).json()).toEqual({ fid: nameless.fid, username: null, name: 'none', appDisplayName: undefined });
    const login = await step('complete', channel.channelToken, channel.secret, checked);
    expect([login.statusCode, login.json().user.username]).toEqual([200, undefined]);
  });

  it("verifies no name from a proof signed by another key, a proof for another fid, or a stale proof whose owner is no longer the custody address", async () => {
    // Another key: the rogue registry's proof of a name for this very fid.
    const signedElsewhere = await account(unique('eve'), rogue);
    front.upstream = () => rogue.url;
    const first = await openChannel();
    await walletAppSigns(first.url, signedElsewhere.custodyKey, signedElsewhere.fid);
    expect((await check(first)).json()).toMatchObject({ username: null, name: 'unverified', nameProblem: "the proof is not signed by the registry's key" });
    front.upstream = () => names.url;

    // Another fid: the registry serves the visitor's own (valid) proof for the attacker's fid.
    const visitorName = unique('vic');
    const visitor = await account(visitorName);
    const attacker = await account();
    front.answerFor.set(String(attacker.fid), String(visitor.fid));
    const second = await openChannel();
    await walletAppSigns(second.url, attacker.custodyKey, attacker.fid);
    const otherFid = (await check(second)).json();
    expect(otherFid).toMatchObject({ fid: attacker.fid, username: null, name: 'unverified' });
    expect(otherFid.nameProblem).toBe(`the registry's proof names fid ${visitor.fid}`);

    // Stale: the name was proved for the fid's old custody address; the fid has moved to a new one.
    const moved = await account(unique('carol'));
    const newCustody = generatePrivateKey();
    await moveFarcasterCustody(rpcUrl(), BigInt(moved.fid), privateKeyToAccount(newCustody).address);
    const third = await openChannel();
    await walletAppSigns(third.url, newCustody, moved.fid);
    expect((await check(third)).json()).toMatchObject({ fid: moved.fid, username: null, name: 'unverified', nameProblem: "the proof's owner is not the fid's custody address" });
    // Each gives a login without a name: the visitor reads a fid and no name, never a name that was not proved.
    const login = await step('complete', third.channelToken, third.secret, checked);
    expect([login.statusCode, login.json().user.username]).toEqual([200, undefined]);
  });

  it('answers a clear, retryable error while the registry does not answer in time, and no login; the same channel checks once it answers', async () => {
    const visitorName = unique('dana');
    const visitor = await account(visitorName);
    const channel = await openChannel();
    await walletAppSigns(channel.url, visitor.custodyKey, visitor.fid);
    front.delayMs = 2_000;
    try {
      const late = await check(channel);
      expect([late.statusCode, late.json().message]).toEqual([503, FARCASTER_ERRORS.nameRegistryDown('no answer within 400 ms')]);
      const noLogin = await step('complete', channel.channelToken, channel.secret, checked);
      expect([noLogin.statusCode, noLogin.json().token]).toEqual([409, undefined]);
    } finally {
      front.delayMs = 0;
    }
    expect((await check(channel)).json()).toMatchObject({ username: visitorName, name: 'verified' });
  });
});
