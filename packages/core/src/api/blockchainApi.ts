import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import { isCaipNetworkId } from '../caip.ts';
import type { ApiConfig, ServerQuery } from './apiConfig.ts';
import { getJson, parseResponse } from './getJson.ts';

const numericString = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/));
const urlOrEmpty = v.pipe(v.string(), v.maxLength(2048));

// SPEC §3: token balance. Values from a server are validated before anything renders them.
export const tokenBalanceSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(128)),
  symbol: v.pipe(v.string(), v.maxLength(32)),
  chainId: v.pipe(v.string(), v.check(isCaipNetworkId, 'not a CAIP-2 id')),
  address: v.optional(v.pipe(v.string(), v.maxLength(200))),
  value: v.pipe(v.number(), v.finite()),
  price: v.pipe(v.number(), v.finite()),
  quantity: v.object({ decimals: v.pipe(v.string(), v.regex(/^\d{1,2}$/)), numeric: numericString }),
  iconUrl: urlOrEmpty,
});
export type TokenBalance = v.InferOutput<typeof tokenBalanceSchema>;

const balancesSchema = v.object({ balances: v.pipe(v.array(tokenBalanceSchema), v.maxLength(1000)) });
export const identitySchema = v.object({
  name: v.nullable(v.pipe(v.string(), v.maxLength(256))),
  avatar: v.nullable(urlOrEmpty),
});
export type Identity = v.InferOutput<typeof identitySchema>;

export interface BlockchainApi {
  getBalances(address: string, caipNetworkId: string, options?: { forceUpdate?: boolean }): Promise<TokenBalance[]>;
  getIdentity(address: string): Promise<Identity>;
}

/**
 * The client of the site's Cairn server. Every call carries projectId, st and sv (SPEC §7) and
 * goes through the one HTTP client (retries, 'HTTP status code: {status}'). A response that does
 * not have the documented shape is an error, never rendered.
 */
export function createBlockchainApi(config: ApiConfig, fetchOptions: FetchOptions = {}): BlockchainApi {
  const get = <T>(path: string, query: ServerQuery, schema: v.GenericSchema<unknown, T>, fresh = false) =>
    getJson(config, fetchOptions, path, query, (body) => parseResponse(schema, body, path), { fresh });
  return {
    async getBalances(address, caipNetworkId, options = {}) {
      const body = await get(
        `/v1/account/${encodeURIComponent(address)}/balance`,
        { currency: 'usd', chainId: caipNetworkId, forceUpdate: options.forceUpdate ? 'true' : undefined },
        balancesSchema,
        // SPEC §7 forceUpdate: past every cache, the browser's HTTP cache too.
        options.forceUpdate === true,
      );
      return body.balances;
    },
    getIdentity: (address) => get(`/v1/identity/${encodeURIComponent(address)}`, {}, identitySchema),
  };
}
