import type { FastifyInstance } from 'fastify';
import { parseEther, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';

const devnet = useTestDevnet({ 31337: 27845, 31338: 27846 });
// Long enough for one indexing round on a busy machine (a round outliving the lease hands the chain over):
// at 3 s, the follower took the chain from a live leader at load ~21 (SQLite, session 24's unit lane).
const LEASE_MS = 6000;
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe.each(await testDatabaseKinds())('indexer takeover on $name', ({ name, skip }) => {
  let database: TestDatabase;
  // Each replica has its own connections to the one database, as separate processes would.
  const connections: Db[] = [];
  const replicas: FastifyInstance[] = [];
  const sent: Hex[] = [];

  async function startReplica(): Promise<FastifyInstance> {
    const db = await openDatabase(database.config);
    connections.push(db);
    const app = await createServer(testConfig(database.config, devnet.devnet().chains, { INDEXER_LEASE_MS: String(LEASE_MS), RELAY_ENABLED: 'false' }), { db });
    replicas.push(app);
    return app;
  }

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const db of connections) await db.destroy().catch(() => undefined);
    await database?.drop();
  });

  /** Sends a transaction; resolves with the block it was mined in. */
  const send = async () => {
    const { hash, blockNumber } = await devnet.chain(31337).sendNative(0, FRIEND, parseEther('0.001'));
    sent.push(hash);
    return blockNumber;
  };

  it.skipIf(skip)('one replica indexes; when it dies another takes over within seconds, with no gap and no duplicate', async () => {
    const first = await startReplica();
    await waitFor(() => first.cairn.indexer.status(31337)!.leading, 'the first replica to take the chain', 5_000);
    const second = await startReplica();
    const follower = () => second.cairn.indexer.status(31337)!;
    await send();
    const before = await send();
    // The second replica only follows what the first stores.
    await waitFor(() => (follower().indexedBlock ?? -1) >= before, 'the follower to see the leader’s blocks', 10_000);
    expect(follower().leading).toBe(false);

    // The first replica dies as far as the database can tell: its connections are gone, it renews nothing.
    await connections[0]!.destroy();
    const diedAt = Date.now();
    await send();
    const after = await send();
    await waitFor(() => follower().leading && (follower().indexedBlock ?? -1) >= after, 'the second replica to take over and catch up', LEASE_MS * 4);
    console.info(`indexer takeover on ${name}: caught up ${Date.now() - diedAt} ms after the leader died (lease ${LEASE_MS} ms)`);

    const db = connections[1]!;
    const blocks = await db
      .selectFrom('blocks')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('number').as('low'), eb.fn.max('number').as('high')])
      .where('chain_id', '=', 31337)
      .executeTakeFirstOrThrow();
    expect(Number(blocks.high)).toBeGreaterThanOrEqual(after);
    // No gap: every height from the first stored to the last, once.
    expect(Number(blocks.count)).toBe(Number(blocks.high) - Number(blocks.low) + 1);
    const hashes = sent.map((hash) => hash.toLowerCase());
    const stored = await db.selectFrom('transactions').select('hash').where('chain_id', '=', 31337).where('hash', 'in', hashes).execute();
    expect(stored.map((row) => row.hash).sort()).toEqual([...hashes].sort());
  });
});
