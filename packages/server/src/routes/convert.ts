import { NATIVE_TOKEN_ADDRESS } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { getAddress, hexToBigInt, maxUint256, parseAbi, type Address, type Hex } from 'viem';
import { JsonRpcError } from '../chain/jsonRpc.ts';
import { readContracts } from '../chain/readContracts.ts';
import { ApiError } from '../http/errors.ts';
import { caip10AddressSchema } from '../http/schemas.ts';
import type { ServerServices } from '../services.ts';
import { approveCalldata, swapCalldata } from '../swap/swapCalldata.ts';
import { GAS_PRICE_RULE, gasPriceSchema, swapAmountSchema, uint256Param } from '../swap/swapAmount.ts';
import { minimumOut } from '../swap/swapMath.ts';
import { swapChain, SwapPools, type SwapChain } from '../swap/swapPools.ts';
import { SwapTokens } from '../swap/swapTokens.ts';
import { caip2ChainIdSchema } from '../http/schemas.ts';

/** SPEC §9: swap slippage tolerance default 1 (percent). */
export const DEFAULT_SLIPPAGE_PERCENT = 1;
export const MAX_SLIPPAGE_PERCENT = 50;
/** How long a built swap stays valid on chain. */
export const SWAP_DEADLINE_S = 20 * 60;
/** Reserves move between the estimate and the swap: the gas limit carries a margin. */
const GAS_MARGIN_PERCENT = 20n;

export const SWAP_ERRORS = {
  notSwapped: (field: string, token: string) => `${field} ${token} is not a token this server swaps (see /v1/convert/tokens)`,
  otherChain: (field: string) => `${field} must be on the same chain as from`,
  sameToken: 'from and to must be different tokens',
  noRoute: 'No pool route between these tokens has liquidity for this amount',
  nativeNeedsNoApproval: 'The native coin needs no approval',
  wouldRevert: (reason: string) => `The swap would fail: ${reason}`,
} as const;

const erc20Abi = parseAbi(['function allowance(address owner, address spender) view returns (uint256)']);

type Pair = { from: string; to: string; userAddress: string };

/** SPEC §7 /v1/convert/*: tokens, quotes, allowance, approve and swap calldata over the chain's AMM router. */
export function registerConvert(app: FastifyInstance, services: ServerServices): void {
  const pools = new SwapPools();
  const tokens = new SwapTokens(services, pools);

  const chainOf = (caip10: string, field: string) => swapChain(services, caip10.split(':').slice(0, 2).join(':'), field);
  const accountOf = (caip10: string) => getAddress(caip10.split(':')[2]!);
  const tokenOf = async (chain: SwapChain, caip10: string, field: string) => {
    if (!caip10.startsWith(`${chain.caip2}:`)) throw new ApiError(400, SWAP_ERRORS.otherChain(field), field);
    const token = await tokens.find(chain, caip10.split(':')[2]!);
    if (!token) throw new ApiError(400, SWAP_ERRORS.notSwapped(field, caip10), field);
    return token;
  };
  /** The chain, both tokens and the user of a from/to/userAddress request, all checked. */
  const swapRequest = async ({ from, to, userAddress }: Pair) => {
    const chain = chainOf(from, 'from');
    const [tokenIn, tokenOut] = await Promise.all([tokenOf(chain, from, 'from'), tokenOf(chain, to, 'to')]);
    if (!userAddress.startsWith(`${chain.caip2}:`)) throw new ApiError(400, SWAP_ERRORS.otherChain('userAddress'), 'userAddress');
    if (tokenIn.address === tokenOut.address) throw new ApiError(400, SWAP_ERRORS.sameToken, 'to');
    return { chain, tokenIn, tokenOut, user: accountOf(userAddress) };
  };
  const route = async (chain: SwapChain, tokenIn: Address, tokenOut: Address, amount: bigint) => {
    const found = amount > 0n ? await pools.bestRoute(chain, tokenIn, tokenOut, amount) : undefined;
    if (!found) throw new ApiError(400, SWAP_ERRORS.noRoute, 'amount');
    return found;
  };
  const pairQuery = { from: caip10AddressSchema, to: caip10AddressSchema, userAddress: caip10AddressSchema };

  app.get<{ Querystring: { chainId: string } }>(
    '/v1/convert/tokens',
    { schema: { querystring: { type: 'object', required: ['chainId'], properties: { chainId: caip2ChainIdSchema } } } },
    async (request) => ({ tokens: await tokens.list(swapChain(services, request.query.chainId, 'chainId'), services.iconUrls(request)) }),
  );

  app.get<{ Querystring: Pair & { amount: string; gasPrice?: string } }>(
    '/v1/convert/quotes',
    {
      schema: {
        querystring: { type: 'object', required: ['from', 'to', 'userAddress', 'amount'], properties: { ...pairQuery, amount: swapAmountSchema, gasPrice: gasPriceSchema } },
      },
    },
    async (request) => {
      if (request.query.gasPrice !== undefined) uint256Param(request.query.gasPrice, { field: 'gasPrice', where: 'query parameter', rule: GAS_PRICE_RULE });
      const amount = uint256Param(request.query.amount, { field: 'amount', where: 'query parameter' });
      const { chain, tokenIn, tokenOut } = await swapRequest(request.query);
      const found = await route(chain, tokenIn.address, tokenOut.address, amount);
      const { from, to } = request.query;
      return { quotes: [{ fromAmount: amount.toString(), fromAccount: from, toAmount: found.amountOut.toString(), toAccount: to, priceImpact: found.priceImpact }] };
    },
  );

  app.get<{ Querystring: { tokenAddress: string; userAddress: string } }>(
    '/v1/convert/allowance',
    {
      schema: {
        querystring: { type: 'object', required: ['tokenAddress', 'userAddress'], properties: { tokenAddress: caip10AddressSchema, userAddress: caip10AddressSchema } },
      },
    },
    async (request) => {
      const { tokenAddress, userAddress } = request.query;
      const chain = chainOf(tokenAddress, 'tokenAddress');
      if (!userAddress.startsWith(`${chain.caip2}:`)) throw new ApiError(400, SWAP_ERRORS.otherChain('userAddress'), 'userAddress');
      if (accountOf(tokenAddress).toLowerCase() === NATIVE_TOKEN_ADDRESS) return { allowance: maxUint256.toString() };
      const [read] = await readContracts(chain, [
        { address: accountOf(tokenAddress), abi: erc20Abi, functionName: 'allowance', args: [accountOf(userAddress), chain.router] },
      ]);
      if (!read?.ok) throw new ApiError(400, SWAP_ERRORS.notSwapped('tokenAddress', tokenAddress), 'tokenAddress');
      return { allowance: (read.value as bigint).toString() };
    },
  );

  app.get<{ Querystring: Pair & { amount?: string } }>(
    '/v1/convert/build-approve',
    { schema: { querystring: { type: 'object', required: ['from', 'to', 'userAddress'], properties: { ...pairQuery, amount: swapAmountSchema } } } },
    async (request) => {
      const { chain, tokenIn } = await swapRequest(request.query);
      if (tokenIn.native) throw new ApiError(400, SWAP_ERRORS.nativeNeedsNoApproval, 'from');
      const amount = request.query.amount === undefined ? maxUint256 : uint256Param(request.query.amount, { field: 'amount', where: 'query parameter' });
      const gasPrice = await chain.rpc.call<Hex>('eth_gasPrice');
      return {
        tx: {
          from: request.query.userAddress,
          to: `${chain.caip2}:${tokenIn.address}`,
          data: approveCalldata(chain.router, amount),
          value: '0',
          eip155: { gasPrice: hexToBigInt(gasPrice).toString() },
        },
      };
    },
  );

  app.post<{ Body: Pair & { amount: string; eip155?: { slippage?: string | number }; projectId?: string; disableEstimate?: boolean } }>(
    '/v1/convert/build-transaction',
    {
      schema: {
        body: {
          type: 'object',
          required: ['from', 'to', 'userAddress', 'amount'],
          additionalProperties: false,
          properties: {
            ...pairQuery,
            amount: swapAmountSchema,
            projectId: { type: 'string', maxLength: 200 },
            disableEstimate: { type: 'boolean' },
            eip155: {
              type: 'object',
              additionalProperties: false,
              properties: { slippage: { type: ['string', 'number'], pattern: '^[0-9]{1,2}(\\.[0-9]{1,2})?$', description: 'a percentage from 0 to 50, e.g. "1"' } },
            },
          },
        },
      },
    },
    async (request) => {
      const amount = uint256Param(request.body.amount, { field: 'amount', where: 'body field' });
      const { chain, tokenIn, tokenOut, user } = await swapRequest(request.body);
      const slippage = Number(request.body.eip155?.slippage ?? DEFAULT_SLIPPAGE_PERCENT);
      if (!Number.isFinite(slippage) || slippage < 0 || slippage > MAX_SLIPPAGE_PERCENT) {
        throw new ApiError(400, `eip155.slippage must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`, 'eip155.slippage');
      }
      const found = await route(chain, tokenIn.address, tokenOut.address, amount);
      const { data, value } = swapCalldata({
        path: found.path,
        amountIn: amount,
        amountOutMin: minimumOut(found.amountOut, slippage),
        recipient: user,
        deadline: BigInt(Math.floor(Date.now() / 1000) + SWAP_DEADLINE_S),
        fromNative: tokenIn.native,
        toNative: tokenOut.native,
      });
      const call = { from: user, to: chain.router, data, value: `0x${value.toString(16)}` };
      const [gasPrice, estimate] = await chain.rpc.batchSettled([
        { method: 'eth_gasPrice' },
        ...(request.body.disableEstimate ? [] : [{ method: 'eth_estimateGas', params: [call] }]),
      ]);
      if (typeof gasPrice !== 'string') throw gasPrice;
      if (estimate instanceof JsonRpcError) throw new ApiError(400, SWAP_ERRORS.wouldRevert(estimate.message), 'amount');
      if (estimate !== undefined && typeof estimate !== 'string') throw estimate;
      const gas = estimate === undefined ? 0n : (hexToBigInt(estimate as Hex) * (100n + GAS_MARGIN_PERCENT)) / 100n;
      return {
        tx: {
          from: request.body.userAddress,
          to: `${chain.caip2}:${chain.router}`,
          data,
          amount: value.toString(),
          eip155: { gas: gas.toString(), gasPrice: hexToBigInt(gasPrice as Hex).toString() },
        },
      };
    },
  );
}
