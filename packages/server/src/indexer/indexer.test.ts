import { DEVNET_NFTS, TEST_ACCOUNTS } from '@cairn/devnet';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseAbi, parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainContexts } from '../chain/chainContext.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet, type TestChain } from '../testing/testDevnet.ts';
import { startTestServer, testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';
import { ChainIndexer, DEFAULT_REORG_WINDOW, type IndexerOptions } from './indexer.ts';
import { startFaultyNode, type FaultyNode } from './testing/faultyNode.ts';

const devnet = useTestDevnet({ 31337: 20545, 31338: 20546 });
const [, alice, bob, carol] = TEST_ACCOUNTS.map((account) => account.address);
const ownerOfAbi = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);

/** Waits until the server has stored the chain's current head block, with the chain's hash. */
async function waitForCaughtUp(app: FastifyInstance, chain: TestChain): Promise<number> {
  const head = await chain.client.getBlock({ blockTag: 'latest' });
  await waitFor(async () => {
    const stored = await app.cairn.db
      .selectFrom('blocks')
      .select('hash')
      .where('chain_id', '=', chain.chainId)
      .where('number', '=', Number(head.number))
      .executeTakeFirst();
    return stored?.hash === head.hash;
  }, `chain ${chain.chainId} indexed up to block ${head.number}`);
  return Number(head.number);
}

/**
 * The stored index is exactly the chain: blocks 0..head with no gap, each with the chain's hash,
 * and each block's transactions stored once.
 */
async function expectIndexMatchesChain(db: Db, chain: TestChain, head: number): Promise<void> {
  const blocks = await db.selectFrom('blocks').select(['number', 'hash']).where('chain_id', '=', chain.chainId).orderBy('number').execute();
  expect(blocks.map((block) => Number(block.number))).toEqual(Array.from({ length: head + 1 }, (_, index) => index));
  const onChain = await Promise.all(blocks.map((block) => chain.client.getBlock({ blockNumber: BigInt(block.number) })));
  expect(blocks.map((block) => block.hash)).toEqual(onChain.map((block) => block.hash));
  const stored = await db.selectFrom('transactions').select(['hash', 'block_number']).where('chain_id', '=', chain.chainId).execute();
  const expected = onChain.flatMap((block) => block.transactions.map((hash) => hash.toLowerCase()));
  expect(stored.map((tx) => tx.hash).sort()).toEqual([...expected].sort());
}

describe.each(await testDatabaseKinds())('indexer on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  const start = async () => {
    app = await startTestServer(testConfig(database.config, devnet.devnet().chains));
    return app;
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.skipIf(skip)('stores native, ERC-20 and ERC-721 transfers with their block number, hash and time', async () => {
    const chain = devnet.chain(31337);
    const native = await chain.sendNative(1, bob!, parseEther('1.5'));
    const erc20 = await chain.sendErc20(1, DEVNET_CONTRACTS.cairnToken, bob!, parseUnits('5', 18));
    // Item #2 starts with test account 1; each database's run passes it on to the next account.
    const owner = await chain.client.readContract({ address: DEVNET_CONTRACTS.testNft, abi: ownerOfAbi, functionName: 'ownerOf', args: [2n] });
    const holder = TEST_ACCOUNTS.findIndex((account) => account.address === owner);
    const receiver = TEST_ACCOUNTS[(holder + 1) % TEST_ACCOUNTS.length]!.address;
    const nft = await chain.sendErc721(holder, DEVNET_CONTRACTS.testNft, receiver, 2n);
    const server = await start();
    const head = await waitForCaughtUp(server, chain);
    expect(head).toBeGreaterThanOrEqual(nft.blockNumber);

    const transfers = await server.cairn.db
      .selectFrom('transfers')
      .innerJoin('blocks', (join) => join.onRef('blocks.chain_id', '=', 'transfers.chain_id').onRef('blocks.number', '=', 'transfers.block_number'))
      .select(['transfers.tx_hash', 'standard', 'contract', 'from_address', 'to_address', 'amount', 'token_id', 'block_number', 'blocks.hash', 'blocks.timestamp'])
      .where('transfers.chain_id', '=', 31337)
      .where('tx_hash', 'in', [native.hash, erc20.hash, nft.hash])
      .orderBy('block_number')
      .execute();
    const blockOf = async (number: number) => chain.client.getBlock({ blockNumber: BigInt(number) });
    expect(transfers).toEqual([
      {
        tx_hash: native.hash, standard: 'native', contract: null, from_address: alice!.toLowerCase(), to_address: bob!.toLowerCase(),
        amount: parseEther('1.5').toString(), token_id: null, block_number: native.blockNumber,
        hash: (await blockOf(native.blockNumber)).hash, timestamp: Number((await blockOf(native.blockNumber)).timestamp),
      },
      {
        tx_hash: erc20.hash, standard: 'erc20', contract: DEVNET_CONTRACTS.cairnToken.toLowerCase(), from_address: alice!.toLowerCase(),
        to_address: bob!.toLowerCase(), amount: parseUnits('5', 18).toString(), token_id: null, block_number: erc20.blockNumber,
        hash: (await blockOf(erc20.blockNumber)).hash, timestamp: Number((await blockOf(erc20.blockNumber)).timestamp),
      },
      {
        tx_hash: nft.hash, standard: 'erc721', contract: DEVNET_CONTRACTS.testNft.toLowerCase(), from_address: owner.toLowerCase(),
        to_address: receiver.toLowerCase(), amount: '1', token_id: '2', block_number: nft.blockNumber,
        hash: (await blockOf(nft.blockNumber)).hash, timestamp: Number((await blockOf(nft.blockNumber)).timestamp),
      },
    ]);
    // Token metadata is read from the contracts the first time a transfer shows them.
    const nftToken = await server.cairn.db.selectFrom('tokens').selectAll().where('address', '=', DEVNET_CONTRACTS.testNft.toLowerCase()).executeTakeFirstOrThrow();
    expect(nftToken).toMatchObject({ standard: 'erc721', name: DEVNET_NFTS.testNft.name, symbol: DEVNET_NFTS.testNft.symbol, decimals: null });
    await expectIndexMatchesChain(server.cairn.db, chain, head);
    await expectIndexMatchesChain(server.cairn.db, devnet.chain(31338), await waitForCaughtUp(server, devnet.chain(31338)));
  });

  it.skipIf(skip)('resumes after a restart on the same database with no duplicate and no gap', async () => {
    const chain = devnet.chain(31337);
    await app!.close();
    app = undefined;
    // Blocks mined while the server is down are picked up on restart.
    const whileDown = await chain.sendNative(2, carol!, parseEther('0.25'));
    await chain.rpc('anvil_mine', ['0x5']);
    const server = await start();
    const head = await waitForCaughtUp(server, chain);
    await expectIndexMatchesChain(server.cairn.db, chain, head);
    const stored = await server.cairn.db.selectFrom('transfers').select('amount').where('tx_hash', '=', whileDown.hash).execute();
    expect(stored).toEqual([{ amount: parseEther('0.25').toString() }]);
  });

  it.skipIf(skip)('drops orphaned blocks after evm_revert and indexes the new branch', async () => {
    const chain = devnet.chain(31337);
    const server = app!;
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const orphan = await chain.sendNative(3, bob!, parseEther('3'));
    const orphanErc20 = await chain.sendErc20(3, DEVNET_CONTRACTS.testUsd, bob!, parseUnits('7', 6));
    await waitForCaughtUp(server, chain);
    expect(await server.cairn.db.selectFrom('transactions').select('hash').where('hash', 'in', [orphan.hash, orphanErc20.hash]).execute()).toHaveLength(2);

    expect(await chain.rpc('evm_revert', [snapshot])).toBe(true);
    // The new branch: other transactions, and more blocks than the orphaned one had.
    const replacement = await chain.sendNative(3, carol!, parseEther('0.5'));
    await chain.rpc('anvil_mine', ['0x3']);
    const head = await waitForCaughtUp(server, chain);

    const db = server.cairn.db;
    expect(await db.selectFrom('transactions').select('hash').where('hash', 'in', [orphan.hash, orphanErc20.hash]).execute()).toEqual([]);
    expect(await db.selectFrom('transfers').select('tx_hash').where('tx_hash', 'in', [orphan.hash, orphanErc20.hash]).execute()).toEqual([]);
    expect(await db.selectFrom('account_transactions').select('tx_hash').where('tx_hash', 'in', [orphan.hash, orphanErc20.hash]).execute()).toEqual([]);
    expect(await db.selectFrom('transfers').select('to_address').where('tx_hash', '=', replacement.hash).execute()).toEqual([{ to_address: carol!.toLowerCase() }]);
    await expectIndexMatchesChain(db, chain, head);
  });

  it.skipIf(skip)('keeps the blocks above a reverted head until the new branch differs at a stored height, then rewinds to the fork', async () => {
    const chain = devnet.chain(31338);
    const server = app!;
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const forkPoint = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    const orphan = await chain.sendNative(2, bob!, parseEther('0.2'));
    await chain.rpc('anvil_mine', ['0x3']);
    const orphanTip = await waitForCaughtUp(server, chain);
    await chain.rpc('evm_revert', [snapshot]);
    // A node whose head went down is, from outside, a node that lags: nothing is dropped.
    await waitFor(() => server.cairn.indexer.status(31338)?.lastError != null, 'the indexer to report the node behind');
    expect(server.cairn.indexer.status(31338)?.indexedBlock).toBe(orphanTip);
    expect(await server.cairn.db.selectFrom('transactions').select('hash').where('hash', '=', orphan.hash).execute()).toHaveLength(1);

    // The new branch's first block has other transactions: a real fork at a height the node has.
    const replacement = await chain.sendNative(2, carol!, parseEther('0.3'));
    expect(replacement.blockNumber).toBe(forkPoint + 1);
    const head = await waitForCaughtUp(server, chain);
    expect(head).toBeLessThan(orphanTip);
    expect(await server.cairn.db.selectFrom('transactions').select('hash').where('hash', '=', orphan.hash).execute()).toEqual([]);
    await expectIndexMatchesChain(server.cairn.db, chain, head);
  });

  it.skipIf(skip)('keeps running while a node is unreachable, and says so on /health', async () => {
    const other = await createTestDatabase(name);
    const server = await startTestServer(testConfig(other.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }]));
    try {
      await waitFor(() => server.cairn.indexer.status(31337)?.lastError != null, 'the indexer to report the failure');
      const health = (await server.inject('/health')).json();
      expect(health).toMatchObject({ status: 'degraded', database: 'ok', chains: [{ chainId: 'eip155:31337', head: null, indexedBlock: null, indexer: 'failing' }] });
      expect(JSON.stringify(health)).not.toContain('127.0.0.1:1'); // an RPC URL may carry a key
    } finally {
      await server.close();
      await other.drop();
    }
  });

  it.skipIf(skip)('reads through the next upstream when the first is down (RPC_URL_<chainId> comma-separated)', async () => {
    const other = await createTestDatabase(name);
    const chain = devnet.chain(31337);
    const server = await startTestServer(testConfig(other.config, [{ chainId: 31337, rpcUrl: `http://127.0.0.1:1,${chain.rpcUrl}` }]));
    try {
      const sent = await chain.sendNative(3, carol!, parseEther('0.01'));
      const head = await waitForCaughtUp(server, chain);
      expect(head).toBeGreaterThanOrEqual(sent.blockNumber);
      expect(await server.cairn.db.selectFrom('transactions').select('hash').where('hash', '=', sent.hash).execute()).toHaveLength(1);
      expect(server.cairn.indexer.status(31337)?.lastError ?? null).toBeNull();
    } finally {
      await server.close();
      await other.drop();
    }
  });
});

/** Every stored row of a chain that a rewind would drop: blocks with their hashes, and row counts. */
async function indexedRows(db: Db, chainId: number) {
  const count = async (table: 'transactions' | 'transfers' | 'account_transactions') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('rows')).where('chain_id', '=', chainId).executeTakeFirstOrThrow()).rows);
  const blocks = await db.selectFrom('blocks').select(['number', 'hash']).where('chain_id', '=', chainId).orderBy('number').execute();
  return {
    blocks: blocks.map((block) => `${block.number}:${block.hash}`),
    transactions: await count('transactions'),
    transfers: await count('transfers'),
    accountTransactions: await count('account_transactions'),
  };
}

/** A real logger (Fastify's pino) whose lines the test can read. */
function recordingLog() {
  const lines: { level: number; msg: string; err?: string }[] = [];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } }).log;
  return { log, lines };
}

describe.each(await testDatabaseKinds())('indexer behind a faulty node, on $name', ({ name, skip }) => {
  const chainId = 31338;
  let database: TestDatabase;
  let db: Db;
  let node: FaultyNode;
  const indexers: ChainIndexer[] = [];
  /** An indexer of chain 31338 reading through the faulty node, on this suite's database. */
  const indexerFor = (options: Partial<IndexerOptions> = {}) => {
    const [chain] = createChainContexts(testConfig(database.config, [{ chainId, rpcUrl: node.url }]).chains).values();
    const indexer = new ChainIndexer(db, chain!, { pollMs: 20, log: recordingLog().log, ...options });
    indexers.push(indexer);
    return indexer;
  };
  /** Runs rounds by hand until the index holds the chain's head. */
  const stepToHead = async (indexer: ChainIndexer): Promise<number> => {
    const head = Number(await devnet.chain(chainId).client.getBlockNumber({ cacheTime: 0 }));
    for (let round = 0; round < 50 && indexer.status().indexedBlock !== head; round++) await indexer.step();
    expect(indexer.status().indexedBlock).toBe(head);
    return head;
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    db = await openDatabase(database.config);
    node = await startFaultyNode(devnet.chain(chainId).rpcUrl);
  });
  afterAll(async () => {
    await Promise.all(indexers.map((indexer) => indexer.stop()));
    await node?.close();
    await db?.destroy();
    await database?.drop();
  });

  it.skipIf(skip)('keeps every indexed row while the node lags, answers 0 while syncing, or answers null for blocks', async () => {
    const chain = devnet.chain(chainId);
    await chain.sendNative(1, bob!, parseEther('0.01'));
    await chain.rpc('anvil_mine', ['0x4']);
    const indexer = indexerFor();
    indexer.start();
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    await waitFor(() => indexer.status().indexedBlock === head, `block ${head} indexed`);
    const before = await indexedRows(db, chainId);
    expect(before.transfers).toBeGreaterThan(0);

    for (const fault of [{ lagAt: head - 3 }, { lagAt: 0 }, { nullBlocks: true as const }]) {
      node.setFault(fault);
      // Three rounds with the fault: more than the two a real fork needs to be believed.
      const reads = node.headReads();
      await waitFor(() => node.headReads() >= reads + 4, `rounds against the node with ${JSON.stringify(fault)}`);
      expect(await indexedRows(db, chainId), JSON.stringify(fault)).toEqual(before);
      expect(indexer.status().lastError, JSON.stringify(fault)).not.toBeNull(); // a fault, reported, not a crash
    }

    node.setFault(null);
    const later = await chain.sendNative(1, carol!, parseEther('0.02'));
    await waitFor(() => indexer.status().indexedBlock === later.blockNumber, `block ${later.blockNumber} indexed after the node recovered`);
    expect(indexer.status().lastError).toBeNull();
    await expectIndexMatchesChain(db, chain, later.blockNumber);
    await indexer.stop();
  });

  it.skipIf(skip)('rewinds a real reorg only when a second round sees it, dropping only the orphaned blocks', async () => {
    const chain = devnet.chain(chainId);
    const indexer = indexerFor();
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const forkPoint = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    const orphan = await chain.sendNative(3, bob!, parseEther('0.03'));
    await chain.rpc('anvil_mine', ['0x2']);
    await stepToHead(indexer);
    const before = await indexedRows(db, chainId);

    expect(await chain.rpc('evm_revert', [snapshot])).toBe(true);
    const replacement = await chain.sendNative(3, carol!, parseEther('0.04'));
    await chain.rpc('anvil_mine', ['0x3']); // the new branch outgrows the old one
    expect(replacement.blockNumber).toBe(forkPoint + 1);

    await indexer.step(); // the first sighting of other hashes drops nothing
    expect(await indexedRows(db, chainId)).toEqual(before);
    await indexer.step(); // the second rewinds to the fork point
    const kept = await indexedRows(db, chainId);
    expect(kept.blocks).toEqual(before.blocks.slice(0, forkPoint + 1));
    expect(await db.selectFrom('transactions').select('hash').where('hash', '=', orphan.hash).execute()).toEqual([]);

    const head = await stepToHead(indexer);
    expect(await db.selectFrom('transfers').select('to_address').where('tx_hash', '=', replacement.hash).execute()).toEqual([{ to_address: carol!.toLowerCase() }]);
    await expectIndexMatchesChain(db, chain, head);
  });

  it.skipIf(skip)(`refuses a fork deeper than the reorg window (${DEFAULT_REORG_WINDOW} blocks by default) with an error, until an operator raises it`, async () => {
    const chain = devnet.chain(chainId);
    const { log, lines } = recordingLog();
    const narrow = indexerFor({ reorgWindow: 3, log });
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const orphan = await chain.sendNative(4, bob!, parseEther('0.05'));
    await chain.rpc('anvil_mine', ['0x4']); // five blocks above the fork point: deeper than 3
    await stepToHead(narrow);
    const before = await indexedRows(db, chainId);
    await chain.rpc('evm_revert', [snapshot]);
    await chain.sendNative(4, carol!, parseEther('0.06'));
    await chain.rpc('anvil_mine', ['0x5']);

    narrow.start();
    await waitFor(() => /reorg window/.test(narrow.status().lastError ?? ''), 'the indexer to refuse the deep fork');
    const reads = node.headReads();
    await waitFor(() => node.headReads() >= reads + 3, 'more rounds against the deep fork');
    await narrow.stop();
    expect(await indexedRows(db, chainId)).toEqual(before);
    expect(lines.filter((line) => line.level === 50)).toEqual([expect.objectContaining({ err: expect.stringMatching(/reorg window/), reorgWindow: 3 })]);

    // The operator's setting: a wider window lets the same database follow the new branch.
    const wide = indexerFor({ reorgWindow: 10 });
    const head = await stepToHead(wide);
    expect(await db.selectFrom('transactions').select('hash').where('hash', '=', orphan.hash).execute()).toEqual([]);
    await expectIndexMatchesChain(db, chain, head);
  });
});
