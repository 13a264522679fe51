import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse, postJson } from './getJson.ts';

/** SPEC §7 /v1/convert/*: the wire shapes, shared by the server (its tests parse with them) and the widget. */

/** The address swap APIs (and wallets) use for a chain's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

const caip10 = v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/, 'not an eip155 CAIP-10 id'));
const integer = v.pipe(v.string(), v.regex(/^\d{1,78}$/, 'not a whole number'));
const hexData = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2}){0,4096}$/, 'not hex data'));

export const swapTokenSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(128)),
  symbol: v.pipe(v.string(), v.maxLength(32)),
  /** CAIP-10; the native coin is NATIVE_TOKEN_ADDRESS. */
  address: caip10,
  decimals: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(36)),
  logoUri: v.pipe(v.string(), v.maxLength(2048)),
  /** USD per whole token, 0 when unknown. */
  price: v.pipe(v.number(), v.finite(), v.minValue(0)),
});
export type SwapToken = v.InferOutput<typeof swapTokenSchema>;
export const swapTokensSchema = v.object({ tokens: v.pipe(v.array(swapTokenSchema), v.maxLength(500)) });

export const swapQuoteSchema = v.object({
  fromAmount: integer,
  fromAccount: caip10,
  toAmount: integer,
  toAccount: caip10,
  /** Percent the quote is below the pools' mid price for the same amount (fees included). */
  priceImpact: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)),
});
export type SwapQuote = v.InferOutput<typeof swapQuoteSchema>;
export const swapQuotesSchema = v.object({ quotes: v.pipe(v.array(swapQuoteSchema), v.minLength(1), v.maxLength(10)) });

export const allowanceSchema = v.object({ allowance: integer });

export const approveTransactionSchema = v.object({
  tx: v.object({ from: caip10, to: caip10, data: hexData, value: integer, eip155: v.object({ gasPrice: integer }) }),
});
export type ApproveTransaction = v.InferOutput<typeof approveTransactionSchema>['tx'];

export const swapTransactionSchema = v.object({
  tx: v.object({
    from: caip10,
    to: caip10,
    data: hexData,
    /** Wei sent with the call (a swap from the native coin), else '0'. */
    amount: integer,
    /** gas '0' when the estimate was disabled. */
    eip155: v.object({ gas: integer, gasPrice: integer }),
  }),
});
export type SwapTransaction = v.InferOutput<typeof swapTransactionSchema>['tx'];

export interface SwapQuoteParams {
  /** CAIP-10 ids of the tokens, on one chain. */
  from: string;
  to: string;
  /** The amount of `from` in its smallest unit. */
  amount: bigint;
  userAddress: string;
  gasPrice?: bigint;
}

export interface ConvertApi {
  tokens(caipNetworkId: string): Promise<SwapToken[]>;
  quote(params: SwapQuoteParams): Promise<SwapQuote>;
  /** What the swap router may spend of the user's `tokenAddress` (CAIP-10). */
  allowance(tokenAddress: string, userAddress: string): Promise<bigint>;
  /** An approve of `amount` (unlimited when absent) of `from` for the router. */
  buildApprove(params: { from: string; to: string; userAddress: string; amount?: bigint }): Promise<ApproveTransaction>;
  /** `slippage` in percent (SPEC §9 default 1). */
  buildTransaction(params: { from: string; to: string; userAddress: string; amount: bigint; slippage: number; disableEstimate?: boolean }): Promise<SwapTransaction>;
}

export function createConvertApi(config: ApiConfig, fetchOptions: FetchOptions = {}): ConvertApi {
  const get = <T>(path: string, query: Record<string, string | undefined>, schema: v.GenericSchema<unknown, T>) =>
    getJson(config, fetchOptions, path, query, (body) => parseResponse(schema, body, path));
  return {
    tokens: async (chainId) => (await get('/v1/convert/tokens', { chainId }, swapTokensSchema)).tokens,
    async quote({ from, to, amount, userAddress, gasPrice }) {
      const query = { from, to, amount: amount.toString(), userAddress, gasPrice: gasPrice?.toString() };
      return (await get('/v1/convert/quotes', query, swapQuotesSchema)).quotes[0]!;
    },
    allowance: async (tokenAddress, userAddress) => BigInt((await get('/v1/convert/allowance', { tokenAddress, userAddress }, allowanceSchema)).allowance),
    buildApprove: async ({ from, to, userAddress, amount }) =>
      (await get('/v1/convert/build-approve', { from, to, userAddress, amount: amount?.toString() }, approveTransactionSchema)).tx,
    async buildTransaction({ from, to, userAddress, amount, slippage, disableEstimate = false }) {
      const path = '/v1/convert/build-transaction';
      const body = { from, to, userAddress, amount: amount.toString(), eip155: { slippage: String(slippage) }, projectId: config.projectId, disableEstimate };
      return (await postJson(config, fetchOptions, path, body, (raw) => parseResponse(swapTransactionSchema, raw, path))).tx;
    },
  };
}
