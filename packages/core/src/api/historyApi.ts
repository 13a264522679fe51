import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import { isCaipNetworkId } from '../caip.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse, type ReadSession } from './getJson.ts';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const decimal = v.pipe(v.string(), v.regex(/^-?\d{1,78}(\.\d{1,78})?$/));

export const OPERATION_TYPES = ['approve', 'burn', 'deploy', 'execute', 'mint', 'receive', 'send', 'trade'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

// SPEC §3 "Transaction (history)": one shape for the server that writes it and the widget that
// reads it. Bounded, so a server (or a man in the middle) cannot make the widget render anything.
const transferSchema = v.object({
  fungible_info: v.optional(
    v.object({
      name: text(128),
      symbol: text(32),
      icon: v.object({ url: text(2048) }),
      address: v.optional(text(200)),
      /** The token's decimals, when the server knows them: a 0-decimal token's amount shows no invented fraction. */
      decimals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
    }),
  ),
  nft_info: v.optional(
    v.object({
      name: text(256),
      contract: text(200),
      token_id: text(80),
      content: v.object({ preview: v.optional(v.object({ url: text(2048) })), detail: v.optional(v.object({ url: text(2048) })) }),
      flags: v.object({ is_spam: v.boolean() }),
    }),
  ),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: v.object({ numeric: decimal }),
  /** Who paid and who was paid in this transfer (a token's Transfer log, not the transaction's `to`, which is the token or the router). */
  sender: v.optional(text(128)),
  recipient: v.optional(text(128)),
});
export type HistoryTransfer = v.InferOutput<typeof transferSchema>;

const transactionSchema = v.object({
  id: text(300),
  metadata: v.object({
    operationType: v.picklist(OPERATION_TYPES),
    hash: text(130),
    minedAt: v.pipe(v.string(), v.isoTimestamp()),
    chain: v.pipe(v.string(), v.check(isCaipNetworkId, 'not a CAIP-2 id')),
    /** `pending`: an onramp purchase whose payment is not mined yet (a chain history lists only mined ones). */
    status: v.picklist(['confirmed', 'failed', 'pending']),
    sentFrom: text(128),
    sentTo: text(128),
    nonce: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  transfers: v.pipe(v.array(transferSchema), v.maxLength(50)),
  /**
   * SPEC §3 coinbaseTransactions: a purchase through the onramp; its provider and what was paid
   * only for the address's signed-in visitor (the server keeps them from anyone else: issue 28).
   */
  purchase: v.optional(v.object({ provider: v.optional(text(64)), paid: v.optional(v.object({ value: decimal, currency: text(8) })) })),
});
export type HistoryTransaction = v.InferOutput<typeof transactionSchema>;

const pageSchema = v.object({
  data: v.pipe(v.array(transactionSchema), v.maxLength(100)),
  next: v.nullable(v.pipe(v.string(), v.maxLength(512), v.regex(/^[A-Za-z0-9_-]*$/))),
});
export type HistoryPage = v.InferOutput<typeof pageSchema>;

/** A history page in the shared wire shape, or a throw naming what is wrong (the server's tests read every page through it). */
export const parseHistoryPage = (body: unknown, path = 'history'): HistoryPage => parseResponse(pageSchema, body, path);

export interface HistoryApi {
  /** SPEC §7: one page of the account's transactions, newest first; `next` continues. */
  getHistory(account: string, params: { chainId: string; cursor?: string }): Promise<HistoryPage>;
  /**
   * SPEC §3 coinbaseTransactions, §7 `onramp`: the purchases through the server's own onramp, never
   * from an HTTP cache. With `session` (the visitor signed in to this server) the server adds what
   * was paid and through whom, which it tells no one else.
   */
  getOnrampPurchases(account: string, params: { chainId: string; session?: ReadSession }): Promise<HistoryPage>;
}

/** The client of `GET /v1/account/{account}/history` on the site's Cairn server. */
export function createHistoryApi(config: ApiConfig, fetchOptions: FetchOptions = {}): HistoryApi {
  return {
    getHistory(account, { chainId, cursor }) {
      const path = `/v1/account/${encodeURIComponent(account)}/history`;
      return getJson(config, fetchOptions, path, { chainId, cursor }, (body) => parseHistoryPage(body, path));
    },
    getOnrampPurchases(account, { chainId, session }) {
      const path = `/v1/account/${encodeURIComponent(account)}/history`;
      return getJson(config, fetchOptions, path, { chainId, onramp: 'local' }, (body) => parseHistoryPage(body, path), { fresh: true, ...(session ? { session } : {}) });
    },
  };
}
