import { nameRegistrationMessage, type NameRegistration } from '@cairn/core/internal';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from '../testing/testServer.ts';
import { NAME_ERRORS, NAME_REGISTRATION_WINDOW_S } from './profile.ts';

const devnet = useTestDevnet({ 31337: 24945, 31338: 24946 });
const alice = privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey);
const bob = privateKeyToAccount(TEST_ACCOUNTS[2]!.privateKey);
const carol = privateKeyToAccount(TEST_ACCOUNTS[3]!.privateKey);
const now = () => Math.floor(Date.now() / 1000);
type Signer = typeof alice;
type Body = { coin_type: number; address: string; message: string; signature: string };

/** A registration signed by `signer`, with a fresh nonce from `server` unless the fields name one. */
async function signed(server: FastifyInstance, signer: Signer, fields: Partial<NameRegistration> & { name: string }, coinType = 60): Promise<Body> {
  const issued = fields.nonce ? undefined : ((await get(server, '/v1/profile/nonce')).json() as { nonce: string; zone: string });
  const message = nameRegistrationMessage({ address: signer.address, timestamp: now(), nonce: issued?.nonce ?? '', zone: issued?.zone ?? '.cairn.id', ...fields });
  return { coin_type: coinType, address: signer.address, message, signature: await signer.signMessage({ message }) };
}
const post = (server: FastifyInstance, body: Body, remoteAddress = '127.0.0.1') =>
  server.inject({ method: 'POST', url: `/v1/profile/account?${ACCESS_QUERY}`, payload: body, remoteAddress });
const failure = (response: { statusCode: number; json(): { message: string } }) => [response.statusCode, response.json().message];

describe.each(await testDatabaseKinds())('names (SPEC §7) on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await startTestServer(testConfig(database.config, devnet.devnet().chains));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  const register = async (signer: Signer, fields: Partial<NameRegistration> & { name: string }, coinType = 60) => post(app, await signed(app, signer, fields, coinType));

  it.skipIf(skip)('registers a name signed by its address; it resolves, reverses and is the identity', async () => {
    const response = await register(alice, { name: 'Trail-Walker.cairn.id' });
    expect(response.statusCode, response.body).toBe(201);
    const resolved = await get(app, '/v1/profile/account/trail-walker.cairn.id');
    expect(resolved.json()).toMatchObject({ name: 'trail-walker.cairn.id', addresses: { 60: { address: alice.address } } });
    expect((await get(app, `/v1/profile/reverse/${alice.address}`)).json()).toMatchObject([{ name: 'trail-walker.cairn.id' }]);
    expect((await get(app, `/v1/identity/${alice.address}`)).json()).toEqual({ name: 'trail-walker.cairn.id', avatar: null });
  });

  it.skipIf(skip)("refuses a taken name, a bad or stale signature, a bad name, another coin, someone else's message", async () => {
    expect((await register(bob, { name: 'trail-walker.cairn.id' })).statusCode).toBe(409);
    expect(failure(await register(bob, { name: 'forged-name.cairn.id', address: alice.address }))).toEqual([400, NAME_ERRORS.badMessage]);
    expect(failure(await register(bob, { name: 'sleepy-name.cairn.id', timestamp: now() - NAME_REGISTRATION_WINDOW_S - 60 }))).toEqual([400, NAME_ERRORS.stale]);
    for (const bad of ['abc.cairn.id', 'under_score.cairn.id', '-dash.cairn.id']) {
      expect(failure(await register(bob, { name: bad })), bad).toEqual([400, NAME_ERRORS.invalidName]);
    }
    expect(failure(await register(bob, { name: 'solana-name.cairn.id' }, 501))).toEqual([400, NAME_ERRORS.eip155Only]);
    const body = await signed(app, bob, { name: 'stolen-sig.cairn.id' });
    expect(failure(await post(app, { ...body, signature: await alice.signMessage({ message: body.message }) }))).toEqual([401, NAME_ERRORS.badSignature]);
  });

  it.skipIf(skip)('registers and resolves only in its own zone: .reown.id, .wcn.id and the rest are not its to answer (issue 22, item 7)', async () => {
    for (const other of ['bob-first.wcn.id', 'bob-first.reown.id', 'hello.example.com']) {
      expect(failure(await register(bob, { name: other })), other).toEqual([400, NAME_ERRORS.otherZone('.cairn.id')]);
      expect(failure(await register(bob, { name: other, zone: `.${other.split('.').slice(1).join('.')}` })), other).toEqual([400, NAME_ERRORS.otherZone('.cairn.id')]);
    }
    // A row another zone left in the database (registered before this fix) is not answered.
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    await app.cairn.db.insertInto('names').values({ name: 'planted.wcn.id', address: holder.toLowerCase(), avatar: null, created_at: Date.now(), signed_at: null }).execute();
    expect(failure(await get(app, '/v1/profile/account/planted.wcn.id'))).toEqual([404, NAME_ERRORS.notFound]);
    expect((await get(app, '/v1/profile/account/anything.example.com')).statusCode).toBe(404);
    expect((await get(app, `/v1/profile/reverse/${holder}`)).json()).toEqual([]);
    expect((await get(app, `/v1/identity/${holder}`)).json()).toEqual({ name: null, avatar: null });
    expect(failure(await get(app, '/v1/profile/suggestions/whatever?zone=wcn.id'))).toEqual([400, NAME_ERRORS.otherZone('.cairn.id')]);
    expect((await get(app, '/v1/profile/suggestions/whatever?zone=cairn.id')).statusCode).toBe(200);
  });

  it.skipIf(skip)('keeps one primary name per address and suggests free names', async () => {
    expect((await register(bob, { name: 'bob-first.cairn.id' })).statusCode).toBe(201);
    expect((await register(bob, { name: 'bob-second.cairn.id', timestamp: now() + 1 })).statusCode).toBe(201);
    expect((await get(app, `/v1/profile/reverse/${bob.address}`)).json()).toMatchObject([{ name: 'bob-second.cairn.id' }]);
    expect((await get(app, '/v1/profile/account/bob-first.cairn.id')).statusCode).toBe(404);
    const { suggestions } = (await get(app, '/v1/profile/suggestions/trail-walker')).json() as { suggestions: { name: string }[] };
    expect(suggestions.map((suggestion) => suggestion.name)).toEqual([
      'trail-walker1.cairn.id',
      'trail-walker2.cairn.id',
      'trail-walker3.cairn.id',
      'trail-walker4.cairn.id',
      'trail-walker5.cairn.id',
    ]);
    expect((await get(app, '/v1/profile/suggestions/abc')).json()).toEqual({ suggestions: [] });
  });

  it.skipIf(skip)('takes a signed registration once: a replay cannot undo a later rename (issue 22, item 8)', async () => {
    const first = await signed(app, carol, { name: 'carol-first.cairn.id', timestamp: now() - 5 });
    expect((await post(app, first)).statusCode).toBe(201);
    expect((await post(app, await signed(app, carol, { name: 'carol-second.cairn.id', timestamp: now() - 3 }))).statusCode).toBe(201);
    expect(failure(await post(app, first))).toEqual([401, NAME_ERRORS.nonceUnknownOrUsed]);
    // Signed before the rename but never sent (its nonce unused): older than the last, refused.
    const unsent = await signed(app, carol, { name: 'carol-first.cairn.id', timestamp: now() - 4 });
    expect(failure(await post(app, unsent))).toEqual([409, NAME_ERRORS.older]);
    expect((await get(app, `/v1/identity/${carol.address}`)).json()).toMatchObject({ name: 'carol-second.cairn.id' });
    // A nonce this server never issued.
    expect(failure(await post(app, await signed(app, carol, { name: 'carol-third.cairn.id', nonce: 'neverIssuedNonce1' })))).toEqual([401, NAME_ERRORS.nonceUnknownOrUsed]);
  });

  it.skipIf(skip)('refuses a registration text with a duplicate key, or in any form but the canonical one (issue 22, item 8)', async () => {
    const body = await signed(app, carol, { name: 'carol-shown.cairn.id' });
    // Wallets show the first "name"; a lenient parser would register the last.
    const message = body.message.replace('"name":"carol-shown.cairn.id"', '"name":"carol-shown.cairn.id","name":"carol-hidden.cairn.id"');
    const duplicate = { ...body, message, signature: await carol.signMessage({ message }) };
    expect(failure(await post(app, duplicate))).toEqual([400, NAME_ERRORS.badMessage]);
    const spaced = JSON.stringify(JSON.parse(body.message), null, 1);
    expect(failure(await post(app, { ...body, message: spaced, signature: await carol.signMessage({ message: spaced }) }))).toEqual([400, NAME_ERRORS.badMessage]);
    expect((await get(app, '/v1/profile/account/carol-hidden.cairn.id')).statusCode).toBe(404);
  });

  it.skipIf(skip)('is not replayed on another Cairn server, of another zone or of the same one (issue 22, item 8)', async () => {
    const shopDatabase = await createTestDatabase(name);
    const shop = await startTestServer(testConfig(shopDatabase.config, devnet.devnet().chains, { NAME_ZONE: 'shop.id', INDEXER_ENABLED: 'false' }));
    const twinDatabase = await createTestDatabase(name);
    const twin = await startTestServer(testConfig(twinDatabase.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false' }));
    try {
      expect((await get(shop, '/v1/profile/nonce')).json()).toMatchObject({ zone: '.shop.id' });
      expect((await get(shop, '/v1/profile/suggestions/market-stall')).json().suggestions[0].name).toBe('market-stall.shop.id');
      const forShop = await signed(shop, alice, { name: 'market-stall.shop.id' });
      expect(failure(await post(app, forShop))).toEqual([400, NAME_ERRORS.otherZone('.cairn.id')]);
      expect((await post(shop, forShop)).statusCode).toBe(201);
      const forUs = await signed(app, alice, { name: 'alice-here.cairn.id', timestamp: now() + 2 });
      expect(failure(await post(twin, forUs))).toEqual([401, NAME_ERRORS.nonceUnknownOrUsed]);
      expect((await post(app, forUs)).statusCode).toBe(201);
    } finally {
      await Promise.all([shop.close(), twin.close()]);
      await Promise.all([shopDatabase.drop(), twinDatabase.drop()]);
    }
  });

  it.skipIf(skip)('registers no more than the caps per client network and per day (issue 22, item 8)', async () => {
    const cappedDatabase = await createTestDatabase(name);
    const capped = await startTestServer(testConfig(cappedDatabase.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false', NAME_REGISTRATIONS_PER_IP_PER_DAY: '2', NAME_REGISTRATIONS_PER_DAY: '3' }));
    try {
      const signers = Array.from({ length: 4 }, () => privateKeyToAccount(generatePrivateKey()));
      const attempt = async (index: number, remoteAddress: string) => post(capped, await signed(capped, signers[index]!, { name: `capped-${index}.cairn.id` }), remoteAddress);
      expect((await attempt(0, '192.0.2.1')).statusCode).toBe(201);
      expect((await attempt(1, '192.0.2.1')).statusCode).toBe(201);
      expect(failure(await attempt(2, '192.0.2.1'))).toEqual([429, NAME_ERRORS.ipCap(2)]);
      expect((await attempt(2, '198.51.100.7')).statusCode).toBe(201);
      expect(failure(await attempt(3, '203.0.113.9'))).toEqual([429, NAME_ERRORS.dayCap(3)]);
      expect((await get(capped, '/v1/profile/account/capped-3.cairn.id')).statusCode).toBe(404);
    } finally {
      await capped.close();
      await cappedDatabase.drop();
    }
  });
});
