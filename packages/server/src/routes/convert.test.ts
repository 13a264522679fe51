import {
  allowanceSchema,
  approveTransactionSchema,
  NATIVE_TOKEN_ADDRESS,
  swapQuotesSchema,
  swapTokensSchema,
  swapTransactionSchema,
} from '@cairn/core/internal';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { useTestDevnet } from '../testing/testDevnet.ts';
import { ACCESS_QUERY, get, startTestServer, testConfig } from '../testing/testServer.ts';
import { GAS_PRICE_RULE, uint256Error } from '../swap/swapAmount.ts';
import { SWAP_DEADLINE_S, SWAP_ERRORS } from './convert.ts';

const devnet = useTestDevnet({ 31337: 25145, 31338: 25146 });
const chainId = 'eip155:31337';
const ETH = `${chainId}:${NATIVE_TOKEN_ADDRESS}`;
const TUSD = `${chainId}:${DEVNET_CONTRACTS.testUsd}`;
const CAIRN = `${chainId}:${DEVNET_CONTRACTS.cairnToken}`;
const trader = TEST_ACCOUNTS[2]!;
const user = `${chainId}:${trader.address}`;
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);
const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)']);

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  // Chain 31338 runs the same AMM, but this server is not told of its router: no swaps there.
  app = await startTestServer(testConfig(database.config, devnet.devnet().chains, { INDEXER_ENABLED: 'false', AMM_ROUTER_ADDRESS_31338: 'none' }));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const quote = async (from: string, to: string, amount: bigint) => {
  const response = await get(app, `/v1/convert/quotes?${query({ from, to, amount: amount.toString(), userAddress: user })}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(swapQuotesSchema, response.json()).quotes[0]!;
};
const build = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/v1/convert/build-transaction?${ACCESS_QUERY}`, payload: { userAddress: user, projectId: 'cairn-local', ...body } });
const routerQuote = (amount: bigint, path: Address[]) =>
  devnet.chain(31337).client.readContract({ address: DEVNET_CONTRACTS.ammRouter, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] });
const tokenBalance = (token: Address) =>
  devnet.chain(31337).client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });
async function send(tx: { to: string; data: string; value?: bigint | string; gas?: bigint }) {
  const chain = devnet.chain(31337);
  const hash = await chain.wallet(trader.privateKey).sendTransaction({ to: tx.to.split(':')[2] as Address, data: tx.data as Hex, value: BigInt(tx.value ?? 0n), gas: tx.gas });
  return chain.client.waitForTransactionReceipt({ hash });
}

describe('swap tokens (SPEC §7 GET /v1/convert/tokens)', () => {
  it('lists the native coin and the tokens with a pool, priced from the pools; not 0-decimal tokens nor the wrapped coin', async () => {
    const response = await get(app, `/v1/convert/tokens?chainId=${chainId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { tokens } = v.parse(swapTokensSchema, response.json());
    expect(tokens.map((token) => [token.symbol, token.address, token.decimals, token.price])).toEqual([
      ['ETH', ETH, 18, 2000],
      ['TUSD', TUSD, 6, 1],
      ['CAIRN', CAIRN, 18, 2.5],
    ]);
    expect(tokens.every((token) => token.logoUri.startsWith('http'))).toBe(true);
  });

  it("answers 'Network not supported for Swaps' for a chain without a router, configured or not", async () => {
    for (const chain of ['eip155:31338', 'eip155:1']) {
      const response = await get(app, `/v1/convert/tokens?chainId=${chain}`);
      expect([response.statusCode, response.json().message]).toEqual([400, 'Network not supported for Swaps']);
    }
    const other = await get(app, `/v1/convert/quotes?${query({ from: `eip155:31338:${NATIVE_TOKEN_ADDRESS}`, to: `eip155:31338:${DEVNET_CONTRACTS.testUsd}`, amount: '1', userAddress: user })}`);
    expect(other.json().message).toBe('Network not supported for Swaps');
  });
});

describe('swap quotes (SPEC §7 GET /v1/convert/quotes)', () => {
  it("equal the router's own getAmountsOut to the wei, straight and through the stablecoin", async () => {
    const cases: [string, string, bigint, Address[]][] = [
      [ETH, TUSD, parseEther('1.5'), [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.testUsd]],
      [TUSD, ETH, parseUnits('1234.56', 6), [DEVNET_CONTRACTS.testUsd, DEVNET_CONTRACTS.weth]],
      [CAIRN, ETH, parseUnits('321', 18), [DEVNET_CONTRACTS.cairnToken, DEVNET_CONTRACTS.testUsd, DEVNET_CONTRACTS.weth]],
      [ETH, CAIRN, 7_000_000_000_000n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.testUsd, DEVNET_CONTRACTS.cairnToken]],
    ];
    for (const [from, to, amount, path] of cases) {
      const answer = await quote(from, to, amount);
      const amounts = await routerQuote(amount, path);
      expect([answer.fromAmount, answer.toAmount], `${from} -> ${to}`).toEqual([amount.toString(), amounts.at(-1)!.toString()]);
      expect([answer.fromAccount, answer.toAccount]).toEqual([from, to]);
    }
  });

  it('price impact is the fee for a small swap and grows with the size', async () => {
    const small = await quote(ETH, TUSD, parseEther('0.01'));
    expect(small.priceImpact).toBeCloseTo(0.3, 1);
    const large = await quote(ETH, TUSD, parseEther('50'));
    expect(large.priceImpact).toBeGreaterThan(9);
  });
});

describe('swapping on the devnet (build-approve, build-transaction)', () => {
  it('swaps native coin to the stablecoin: the transaction executes and pays the quote, within slippage', async () => {
    const amount = parseEther('0.5');
    const { toAmount } = await quote(ETH, TUSD, amount);
    const built = await build({ from: ETH, to: TUSD, amount: amount.toString(), eip155: { slippage: '1' } });
    expect(built.statusCode, built.body).toBe(200);
    const { tx } = v.parse(swapTransactionSchema, built.json());
    expect(tx).toMatchObject({ from: user, to: `${chainId}:${DEVNET_CONTRACTS.ammRouter}`, amount: amount.toString() });
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n);
    const before = await tokenBalance(DEVNET_CONTRACTS.testUsd);
    const receipt = await send({ to: tx.to, data: tx.data, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas) });
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(tx.eip155.gas));
    const received = (await tokenBalance(DEVNET_CONTRACTS.testUsd)) - before;
    expect(received).toBe(BigInt(toAmount)); // nobody traded in between
    expect(received).toBeGreaterThanOrEqual((BigInt(toAmount) * 99n) / 100n);
  });

  it('back to the native coin: the estimate fails until the router is approved, then the swap lands', async () => {
    const amount = parseUnits('800', 6);
    const allowance = async () => {
      const response = await get(app, `/v1/convert/allowance?${query({ tokenAddress: TUSD, userAddress: user })}`);
      return BigInt(v.parse(allowanceSchema, response.json()).allowance);
    };
    expect(await allowance()).toBe(0n);
    const refused = await build({ from: TUSD, to: ETH, amount: amount.toString() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The swap would fail: /);

    const approve = await get(app, `/v1/convert/build-approve?${query({ from: TUSD, to: ETH, userAddress: user, amount: amount.toString() })}`);
    expect(approve.statusCode, approve.body).toBe(200);
    const approval = v.parse(approveTransactionSchema, approve.json()).tx;
    expect(approval).toMatchObject({ from: user, to: TUSD, value: '0' });
    expect((await send(approval)).status).toBe('success');
    expect(await allowance()).toBe(amount);

    const { toAmount } = await quote(TUSD, ETH, amount);
    const { tx } = v.parse(swapTransactionSchema, (await build({ from: TUSD, to: ETH, amount: amount.toString() })).json());
    expect(tx.amount).toBe('0');
    const client = devnet.chain(31337).client;
    const before = await client.getBalance({ address: trader.address });
    const receipt = await send({ to: tx.to, data: tx.data, gas: BigInt(tx.eip155.gas) });
    expect(receipt.status).toBe('success');
    const after = await client.getBalance({ address: trader.address });
    expect(after - before + receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(toAmount));
    expect(await allowance()).toBe(0n);
  });

  it('a swap the market moved past the slippage reverts on chain rather than paying less', async () => {
    const amount = parseEther('0.2');
    const { tx } = v.parse(swapTransactionSchema, (await build({ from: ETH, to: CAIRN, amount: amount.toString(), eip155: { slippage: 0 }, disableEstimate: true })).json());
    expect(tx.eip155.gas).toBe('0');
    // Someone else buys first.
    const front = v.parse(swapTransactionSchema, (await build({ from: ETH, to: CAIRN, amount: parseEther('1').toString() })).json()).tx;
    expect((await send({ to: front.to, data: front.data, value: BigInt(front.amount) })).status).toBe('success');
    const before = await tokenBalance(DEVNET_CONTRACTS.cairnToken);
    expect((await send({ to: tx.to, data: tx.data, value: BigInt(tx.amount), gas: 300_000n })).status).toBe('reverted');
    expect(await tokenBalance(DEVNET_CONTRACTS.cairnToken)).toBe(before);
  });

  it('native coin needs no approval, and its allowance is unlimited', async () => {
    const response = await get(app, `/v1/convert/build-approve?${query({ from: ETH, to: TUSD, userAddress: user })}`);
    expect([response.statusCode, response.json().message]).toEqual([400, SWAP_ERRORS.nativeNeedsNoApproval]);
    const allowance = await get(app, `/v1/convert/allowance?${query({ tokenAddress: ETH, userAddress: user })}`);
    expect(allowance.json().allowance).toBe((2n ** 256n - 1n).toString());
  });

  it('builds with a deadline about 20 minutes ahead', async () => {
    expect(SWAP_DEADLINE_S).toBe(1200);
  });
});

describe('bad swap requests get a clear 400, never a 500', () => {
  const zero = `${chainId}:0x${'1'.repeat(40)}`;
  it.each([
    ['an unlisted token', { from: zero, to: TUSD, amount: '1' }, SWAP_ERRORS.notSwapped('from', zero)],
    ['the same token twice', { from: TUSD, to: TUSD, amount: '1' }, SWAP_ERRORS.sameToken],
    ['a zero amount', { from: ETH, to: TUSD, amount: '0' }, SWAP_ERRORS.noRoute],
    ['an amount the pools cannot fill', { from: ETH, to: TUSD, amount: (10n ** 77n).toString() }, undefined],
    ['tokens on two chains', { from: ETH, to: `eip155:31338:${DEVNET_CONTRACTS.testUsd}`, amount: '1' }, SWAP_ERRORS.otherChain('to')],
    ['a user on another chain', { from: ETH, to: TUSD, amount: '1', userAddress: `eip155:31338:${trader.address}` }, SWAP_ERRORS.otherChain('userAddress')],
    ['a slippage over 50', { from: ETH, to: TUSD, amount: '1', eip155: { slippage: '75' } }, 'eip155.slippage must be a percentage from 0 to 50'],
    ['a negative slippage', { from: ETH, to: TUSD, amount: '1', eip155: { slippage: '-1' } }, undefined],
    ['a decimal amount', { from: ETH, to: TUSD, amount: '1.5' }, undefined],
    ['an unknown field', { from: ETH, to: TUSD, amount: '1', extra: true }, undefined],
    ['a non-CAIP token', { from: DEVNET_CONTRACTS.testUsd, to: ETH, amount: '1' }, undefined],
  ])('%s', async (_, body, message) => {
    const response = await build(body);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    const asQuote = await get(app, `/v1/convert/quotes?${query({ userAddress: user, ...(body as Record<string, string>) })}`);
    expect(asQuote.statusCode).toBeLessThan(500);
  });
});

describe('amounts that are not a uint256 get a 400 naming the field on every convert route that takes one', () => {
  const notUint256 = [
    ['2^256', (2n ** 256n).toString()],
    ['78 nines', '9'.repeat(78)],
    ['negative', '-1'],
    ['fractional', '1.5'],
    ['hex', '0x10'],
    ['an exponent', '1e3'],
    ['garbage', '12abc'],
  ] as const;
  const inQuery = uint256Error({ field: 'amount', where: 'query parameter' });

  it.each(notUint256)('quotes: %s', async (_, amount) => {
    const response = await get(app, `/v1/convert/quotes?${query({ from: ETH, to: TUSD, userAddress: user, amount })}`);
    expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining({ message: inQuery, field: 'amount' })]);
    const gasPrice = await get(app, `/v1/convert/quotes?${query({ from: ETH, to: TUSD, userAddress: user, amount: '1', gasPrice: amount })}`);
    expect([gasPrice.statusCode, gasPrice.json().message]).toEqual([400, uint256Error({ field: 'gasPrice', where: 'query parameter', rule: GAS_PRICE_RULE })]);
  });

  it.each(notUint256)('build-approve: %s', async (_, amount) => {
    const response = await get(app, `/v1/convert/build-approve?${query({ from: TUSD, to: ETH, userAddress: user, amount })}`);
    expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining({ message: inQuery, field: 'amount' })]);
  });

  it.each(notUint256)('build-transaction: %s', async (_, amount) => {
    const response = await build({ from: ETH, to: TUSD, amount });
    expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining({ message: uint256Error({ field: 'amount', where: 'body field' }), field: 'amount' })]);
  });

  it('build-transaction: a JSON number, fractional, negative or past 2^256-1, is refused the same way', async () => {
    for (const amount of [1.5, -1, 1e78]) {
      const response = await build({ from: ETH, to: TUSD, amount });
      expect([response.statusCode, response.json().message]).toEqual([400, uint256Error({ field: 'amount', where: 'body field' })]);
    }
  });

  it('2^256-1 itself is an amount: quoted, and built into calldata (which no wallet could pay)', async () => {
    const max = (2n ** 256n - 1n).toString();
    expect((await quote(ETH, TUSD, 2n ** 256n - 1n)).fromAmount).toBe(max);
    const response = await build({ from: ETH, to: TUSD, amount: max, disableEstimate: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(swapTransactionSchema, response.json()).tx.amount).toBe(max);
  });
});
