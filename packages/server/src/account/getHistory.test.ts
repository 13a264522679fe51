import { readArtifact } from '@cairn/devnet';
import { parseHistoryPage } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { get, startTestServer, testConfig } from '../testing/testServer.ts';
import { waitFor } from '../testing/waitFor.ts';
import { HISTORY_TRANSFERS_PER_PAGE, HISTORY_TRANSFERS_PER_TRANSACTION, type HistoryPage } from './getHistory.ts';

const devnet = useTestDevnet({ 31337: 23645, 31338: 23646 });
const spamDropArtifact = readArtifact('SpamDrop');
/** The spam contract's tokens: more than any single lookup of the old code could take. */
const SPAM_TOKENS = 1001;
const SPAM_ITEMS = 1001;
const spammer = 1; // test account 1 sends every spam transaction
// A case sends a transaction of 1,001 calls (estimated, then mined) and the indexer reads 3,003
// token fields: 0.4–1.6 s alone or beside 16 busy loops, but past Vitest's 30 s once in ci26 of
// session 23, beside the whole test run (load ~25–40). The waits inside are bounded on their own.
const SPAM_CASE_MS = 90_000;

let spamDrop: Address;

/** Sends a SpamDrop call from the spammer and waits for it to be mined. */
async function spam(functionName: 'mint' | 'createTokens' | 'sendTokens', args: readonly (Address | bigint)[]): Promise<{ hash: Hash; blockNumber: number }> {
  const chain = devnet.chain(31337);
  const hash = await chain.wallet(spammer).writeContract({ address: spamDrop, abi: spamDropArtifact.abi, functionName, args });
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status, functionName).toBe('success');
  return { hash, blockNumber: Number(receipt.blockNumber) };
}

// The spam contract and its 1,001 token contracts, once for the file (each database's run spams
// its own fresh accounts). Created over several transactions: about 42,000 gas per token.
beforeAll(async () => {
  const chain = devnet.chain(31337);
  const hash = await chain.wallet(spammer).deployContract({ abi: spamDropArtifact.abi, bytecode: spamDropArtifact.bytecode });
  spamDrop = (await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).contractAddress!;
  for (let first = 0; first < SPAM_TOKENS; first += 250) await spam('createTokens', [BigInt(first), BigInt(Math.min(250, SPAM_TOKENS - first))]);
}, 120_000);

describe.each(await testDatabaseKinds())('history of a spammed account on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const freshAccount = () => privateKeyToAccount(generatePrivateKey()).address;
  const waitForIndexed = (block: number) => waitFor(() => (app.cairn.indexer.status(31337)?.indexedBlock ?? -1) >= block, `block ${block} indexed`, 60_000);
  const history = async (account: Address, query = '') => {
    const response = await get(app, `/v1/account/${account}/history?chainId=eip155:31337${query}`);
    expect(response.statusCode, response.body).toBe(200);
    // Every page the tests read must be one the widget accepts (core's wire shape).
    return parseHistoryPage(response.json()) satisfies HistoryPage;
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await startTestServer(testConfig(database.config, devnet.devnet().chains));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.skipIf(skip)('answers a page holding a transaction that mints 1,001 ERC-721 items, listing the first ones with their metadata', { timeout: SPAM_CASE_MS }, async () => {
    const account = freshAccount();
    const payment = await devnet.chain(31337).sendNative(0, account, parseEther('1'));
    const items = await spam('mint', [account, 1n, BigInt(SPAM_ITEMS)]);
    await waitForIndexed(items.blockNumber);

    const page = await history(account);
    expect(page.data.map((tx) => tx.metadata.hash)).toEqual([items.hash, payment.hash]);
    expect(page.next).toBeNull();
    const [itemsTx] = page.data;
    expect(itemsTx!.metadata.operationType).toBe('mint');
    expect(itemsTx!.transfers.map((transfer) => transfer.nft_info?.name)).toEqual(
      Array.from({ length: HISTORY_TRANSFERS_PER_TRANSACTION }, (_, index) => `Spam Drop #${index + 1}`),
    );
    expect(itemsTx!.transfers.every((transfer) => transfer.direction === 'in')).toBe(true);
  });

  it.skipIf(skip)('answers a page holding a transaction with transfers from 1,001 token contracts, listing the first ones', { timeout: SPAM_CASE_MS }, async () => {
    const account = freshAccount();
    const payment = await devnet.chain(31337).sendNative(0, account, parseEther('1'));
    const tokens = await spam('sendTokens', [account, 0n, BigInt(SPAM_TOKENS)]);
    await waitForIndexed(tokens.blockNumber);

    const page = await history(account);
    expect(page.data.map((tx) => tx.metadata.hash)).toEqual([tokens.hash, payment.hash]);
    expect(page.next).toBeNull();
    const [tokensTx] = page.data;
    expect(tokensTx!.metadata.operationType).toBe('receive');
    expect(tokensTx!.transfers).toHaveLength(HISTORY_TRANSFERS_PER_TRANSACTION);
    expect(new Set(tokensTx!.transfers.map((transfer) => transfer.fungible_info?.address)).size).toBe(HISTORY_TRANSFERS_PER_TRANSACTION);
    expect(tokensTx!.transfers[0]).toMatchObject({ fungible_info: { name: 'Spam Token', symbol: 'SPAM' }, direction: 'in', quantity: { numeric: '1' } });
  });

  it.skipIf(skip)(`ends a page before it loads more than ${HISTORY_TRANSFERS_PER_PAGE} transfers and goes on from there on the next`, { timeout: SPAM_CASE_MS }, async () => {
    const account = freshAccount();
    // Two transactions more than a page's budget holds, each with as many items as one lists.
    const mints: Hash[] = [];
    const count = HISTORY_TRANSFERS_PER_PAGE / HISTORY_TRANSFERS_PER_TRANSACTION + 2;
    for (let index = 0; index < count; index++) {
      const firstId = 1_000_000n * BigInt(index + 1);
      mints.push((await spam('mint', [account, firstId, BigInt(HISTORY_TRANSFERS_PER_TRANSACTION)])).hash);
    }
    await waitForIndexed(Number(await devnet.chain(31337).client.getBlockNumber({ cacheTime: 0 })));

    const first = await history(account, '&limit=100');
    expect(first.data).toHaveLength(HISTORY_TRANSFERS_PER_PAGE / HISTORY_TRANSFERS_PER_TRANSACTION);
    expect(first.data.flatMap((tx) => tx.transfers)).toHaveLength(HISTORY_TRANSFERS_PER_PAGE);
    expect(first.next).not.toBeNull();
    const second = await history(account, `&limit=100&cursor=${first.next}`);
    expect(second.next).toBeNull();
    expect([...first.data, ...second.data].map((tx) => tx.metadata.hash)).toEqual([...mints].reverse());
  });
});
