import type { FastifyInstance } from 'fastify';
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '../account/getBalances.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { startTestRedis, type TestRedis } from '../testing/testRedis.ts';
import { get, startTestServer, testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';

const devnet = useTestDevnet({ 31337: 27745, 31338: 27746 });
const redis = await startTestRedis();

describe.skipIf('skipped' in redis)('caches shared by replicas (REDIS_URL)', () => {
  const { url, stop } = redis as TestRedis;
  let database: TestDatabase;
  const replicas: FastifyInstance[] = [];
  const account: Address = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false', REDIS_URL: url });
    for (let i = 0; i < 2; i++) replicas.push(await startTestServer(config));
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.drop();
    await stop();
  });

  const native = async (replica: FastifyInstance, force = false) => {
    const response = await get(replica, `/v1/account/${account}/balance?currency=usd&chainId=eip155:31337${force ? '&forceUpdate=true' : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { balances: Balance[] }).balances.find((balance) => balance.address === undefined)?.quantity.numeric;
  };

  it("serves one replica's balance from another's cache, and a forced refresh replaces it on every replica", async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    await devnet.chain(31337).sendNative(0, account, parseEther('1'));
    expect(await native(a)).toBe('1');
    await devnet.chain(31337).sendNative(0, account, parseEther('1'));
    // B reads no node: A's answer is the cached one for 30 s (SPEC §9), on every replica.
    expect(await native(b)).toBe('1');

    // forceUpdate on B reads the node, and A's next (unforced) read gets the fresh balance too.
    expect(await native(b, true)).toBe('2');
    await waitFor(async () => (await native(a)) === '2', "A to hold B's refreshed balance", 2_000);
  });
});
