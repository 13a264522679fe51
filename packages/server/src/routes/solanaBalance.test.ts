import { parseResponse, tokenBalanceSchema } from '@cairn/core/internal';
import { SOLANA_TEST_ACCOUNTS, SOLANA_TEST_TOKEN, sendSolanaTransaction, solanaBalance, solanaRpc } from '@cairn/devnet';
import { useTestSolanaChain } from '@cairn/devnet/testing';
import {
  associatedTokenAddress,
  createAccount,
  createAssociatedTokenAccount,
  initializeMint,
  MINT_SIZE,
  mintTo,
  TOKEN_PROGRAM,
  transferChecked,
  transferSol,
} from '@cairn/solana/transaction';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { get, startTestServer, testConfig } from '../testing/testServer.ts';
import { MAX_SOLANA_TOKENS } from '../solana/getSolanaBalances.ts';

const chain = useTestSolanaChain();
let database: TestDatabase;
let app: FastifyInstance;
// A fresh address per run: it holds exactly what this file sends it.
const owner = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
const [funder, other] = [SOLANA_TEST_ACCOUNTS[0]!, SOLANA_TEST_ACCOUNTS[1]!];

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  // An EVM chain nobody answers on: this file is about Solana, and the indexer is off.
  app = await startTestServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false', RPC_URL_SOLANA_localnet: chain().rpcUrl }));
  const mint = SOLANA_TEST_TOKEN.mint;
  const account = associatedTokenAddress(owner, mint);
  await sendSolanaTransaction(
    chain().rpcUrl,
    [
      transferSol(funder.address, owner, 2_500_000_000n),
      createAssociatedTokenAccount({ payer: funder.address, account, owner, mint }),
      transferChecked({ source: associatedTokenAddress(funder.address, mint), mint, destination: account, owner: funder.address, amount: 12_340_000n, decimals: 6 }),
    ],
    [funder],
  );
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const balances = async (address: string, query = 'chainId=solana:localnet') => {
  const response = await get(app, `/v1/account/${address}/balance?currency=usd&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { balances: unknown[] }).balances.map((entry) => parseResponse(tokenBalanceSchema, entry, 'balance'));
};

describe('GET /v1/account/{address}/balance on solana', () => {
  it('answers SOL and the SPL tokens read from the local chain, in the shape the widget accepts', async () => {
    expect(await balances(owner)).toEqual([
      { name: 'Solana', symbol: 'SOL', chainId: 'solana:localnet', value: 0, price: 0, quantity: { decimals: '9', numeric: '2.5' }, iconUrl: '' },
      {
        name: 'Cairn Solana Token',
        symbol: 'CSOL',
        chainId: 'solana:localnet',
        address: `solana:localnet:${SOLANA_TEST_TOKEN.mint}`,
        value: 0,
        price: 0,
        quantity: { decimals: '6', numeric: '12.34' },
        iconUrl: '',
      },
    ]);
    // Without a chain: every configured cluster.
    expect((await balances(owner, '')).map((entry) => entry.symbol)).toEqual(['SOL', 'CSOL']);
  });

  it('serves the cached answer for 30 s, and reads again on forceUpdate', async () => {
    const address = other.address;
    const before = (await balances(address)).find((entry) => entry.symbol === 'SOL')!;
    await sendSolanaTransaction(chain().rpcUrl, [transferSol(funder.address, address, 1_000_000_000n)], [funder]);
    expect((await balances(address)).find((entry) => entry.symbol === 'SOL')).toEqual(before);
    const fresh = (await balances(address, 'chainId=solana:localnet&forceUpdate=true')).find((entry) => entry.symbol === 'SOL')!;
    expect(fresh.quantity.numeric).toBe(String(Number(await solanaBalance(chain().rpcUrl, address)) / 1e9));
    expect(Number(fresh.quantity.numeric)).toBeGreaterThan(Number(before.quantity.numeric));
  });

  it('answers an empty list for an address that holds nothing', async () => {
    expect(await balances(base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())))).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['2xea9jWJ9eca3dFiefTeSPP85c6qXqunCqL2h2JNffM', 'chainId=solana:localnet', 'address'], // base58, but 31 bytes (kit vector)
      ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'chainId=solana:localnet', 'address'], // not the base58 alphabet
      [owner, 'chainId=eip155:31337', 'address'],
      ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'chainId=solana:localnet', 'address'],
      [owner, 'chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'chainId'],
      [owner, 'chainId=solana:' + 'x'.repeat(33), 'chainId'],
      ['x'.repeat(45), 'chainId=solana:localnet', 'address'],
    ];
    for (const [address, query, field] of cases) {
      const response = await get(app, `/v1/account/${address}/balance?currency=usd&${query}`);
      expect(response.statusCode, `${address} ${query}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field });
    }
  });

  it(`lists at most ${MAX_SOLANA_TOKENS} tokens, the largest holdings first`, async () => {
    // 105 real mints, each with a token account of the holder's: more than the route lists.
    const holder = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const rent = await solanaRpc<number>(chain().rpcUrl, 'getMinimumBalanceForRentExemption', [MINT_SIZE]);
    // The 35 transactions touch no account of each other's but the funder's: sent together, they
    // confirm in a slot or two, where one after another each waited for its own (400 ms slots).
    const sends: Promise<string>[] = [];
    for (let first = 1; first <= 105; first += 3) {
      const mints = Array.from({ length: Math.min(3, 106 - first) }, (_, i) => first + i).map((amount) => ({ amount, key: ed25519.utils.randomPrivateKey() }));
      const signers = mints.map(({ key }) => ({ address: base58.encode(ed25519.getPublicKey(key)), secretKey: Buffer.from(key).toString('hex') }));
      const instructions = mints.flatMap(({ amount }, index) => {
        const mint = signers[index]!.address;
        const account = associatedTokenAddress(holder, mint);
        return [
          createAccount({ from: funder.address, newAccount: mint, lamports: BigInt(rent), space: MINT_SIZE, owner: TOKEN_PROGRAM }),
          initializeMint(mint, 2, funder.address),
          createAssociatedTokenAccount({ payer: funder.address, account, owner: holder, mint }),
          mintTo(mint, account, funder.address, BigInt(amount)),
        ];
      });
      sends.push(sendSolanaTransaction(chain().rpcUrl, instructions, [funder, ...signers]));
    }
    await Promise.all(sends);
    const listed = await balances(holder);
    expect(listed).toHaveLength(MAX_SOLANA_TOKENS);
    expect(listed[0]!.quantity.numeric).toBe('1.05');
    expect(listed.at(-1)!.quantity.numeric).toBe('0.06');
  }, 60_000);
});
