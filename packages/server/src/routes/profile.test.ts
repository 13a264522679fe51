import { nameRegistrationMessage } from '@cairn/core/internal';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from '../testing/testServer.ts';
import { NAME_ERRORS, NAME_REGISTRATION_WINDOW_S } from './profile.ts';

const devnet = useTestDevnet({ 31337: 24945, 31338: 24946 });
const alice = privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey);
const bob = privateKeyToAccount(TEST_ACCOUNTS[2]!.privateKey);
const now = () => Math.floor(Date.now() / 1000);

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

  async function register(signer: typeof alice, fields: { name: string; timestamp?: number; address?: string }, coinType = 60) {
    const message = nameRegistrationMessage({ name: fields.name, address: fields.address ?? signer.address, timestamp: fields.timestamp ?? now() });
    const signature = await signer.signMessage({ message });
    return app.inject({ method: 'POST', url: `/v1/profile/account?${ACCESS_QUERY}`, payload: { coin_type: coinType, address: signer.address, message, signature } });
  }

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
    const forged = await register(bob, { name: 'forged-name.cairn.id', address: alice.address });
    expect([forged.statusCode, forged.json().message]).toEqual([400, NAME_ERRORS.badMessage]);
    const stale = await register(bob, { name: 'sleepy-name.cairn.id', timestamp: now() - NAME_REGISTRATION_WINDOW_S - 60 });
    expect([stale.statusCode, stale.json().message]).toEqual([400, NAME_ERRORS.stale]);
    for (const bad of ['abc.cairn.id', 'under_score.cairn.id', 'hello.example.com', '-dash.cairn.id']) {
      expect((await register(bob, { name: bad })).statusCode, bad).toBe(400);
    }
    expect((await register(bob, { name: 'solana-name.cairn.id' }, 501)).json().message).toBe(NAME_ERRORS.eip155Only);
    const message = nameRegistrationMessage({ name: 'stolen-sig.cairn.id', address: bob.address, timestamp: now() });
    const wrong = await app.inject({
      method: 'POST',
      url: `/v1/profile/account?${ACCESS_QUERY}`,
      payload: { coin_type: 60, address: bob.address, message, signature: await alice.signMessage({ message }) },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, NAME_ERRORS.badSignature]);
  });

  it.skipIf(skip)('keeps one primary name per address, accepts the known zones, and suggests free names', async () => {
    expect((await register(bob, { name: 'bob-first.wcn.id' })).statusCode).toBe(201);
    expect((await register(bob, { name: 'bob-second.cairn.id' })).statusCode).toBe(201);
    expect((await get(app, `/v1/profile/reverse/${bob.address}`)).json()).toMatchObject([{ name: 'bob-second.cairn.id' }]);
    expect((await get(app, '/v1/profile/account/bob-first.wcn.id')).statusCode).toBe(404);
    const { suggestions } = (await get(app, '/v1/profile/suggestions/trail-walker')).json() as { suggestions: { name: string }[] };
    expect(suggestions.map((suggestion) => suggestion.name)).toEqual([
      'trail-walker1.cairn.id',
      'trail-walker2.cairn.id',
      'trail-walker3.cairn.id',
      'trail-walker4.cairn.id',
      'trail-walker5.cairn.id',
    ]);
    expect((await get(app, '/v1/profile/suggestions/abc')).json()).toEqual({ suggestions: [] });
    expect((await get(app, '/v1/profile/suggestions/whatever?zone=example.com')).statusCode).toBe(400);
  });

  it.skipIf(skip)('suggests names under the zone NAME_ZONE sets, beside the known zones', async () => {
    const shop = await startTestServer(testConfig(database.config, devnet.devnet().chains, { NAME_ZONE: 'shop.id', INDEXER_ENABLED: 'false' }));
    try {
      const { suggestions } = (await get(shop, '/v1/profile/suggestions/market-stall')).json() as { suggestions: { name: string }[] };
      expect(suggestions[0]!.name).toBe('market-stall.shop.id');
      expect((await get(shop, '/v1/profile/suggestions/market-stall?zone=wcn.id')).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
