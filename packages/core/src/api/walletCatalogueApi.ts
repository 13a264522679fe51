import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import type { WalletListItem } from '../types.ts';
import { readRequestBudget, type RequestBudget } from '../rules/requestBudget.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse } from './getJson.ts';
import { walletImageUrl } from './walletCatalogueApi.imageUrl.ts';

/** SPEC §7 GET /getWallets query. Lists are sent comma-separated; empty lists are left out. */
export interface GetWalletsParams {
  page: number;
  entries: number;
  search?: string;
  include?: readonly string[];
  exclude?: readonly string[];
  /** CAIP-2 ids of the site's networks: the server keeps the wallets of those namespaces. */
  chains?: readonly string[];
}

/** One page of the catalogue; `count` is the number of matching wallets across all pages. */
export interface WalletPage {
  data: WalletListItem[];
  count: number;
  /** What the server says is left of its per-client limit after this answer, when it says. */
  budget?: RequestBudget;
}

export interface WalletCatalogueApi {
  getWallets(params: GetWalletsParams): Promise<WalletPage>;
  /** The logo of a wallet, for an <img src> (GET /getWalletImage/{image_id}). */
  walletImageUrl(imageId: string): string;
}

/** The characters the server allows in a wallet id (and in an image URL path segment). */
export const WALLET_ID = /^[A-Za-z0-9._:+-]{1,200}$/;

const walletId = v.pipe(v.string(), v.regex(WALLET_ID));
/**
 * A deep link or store link. Native schemes (`metamask://`) are fine; a link that would run code
 * in the page (`javascript:`, `data:`, `vbscript:`) is dropped, not the wallet.
 */
const link = v.fallback(
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(2048),
      v.check((value) => !/^\s*(javascript|data|vbscript|file):/i.test(value) && !/[\s<>"']/.test(value), 'unsafe link'),
    ),
  ),
  null,
);
const optionalLink = v.optional(link, null);

// SPEC §3 "Wallet list item". Unknown fields (the server's `order`, `badge_type`, ...) are dropped.
const walletSchema = v.object({
  id: walletId,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128)),
  image_id: walletId,
  rdns: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256))), null),
  chains: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(500)), []),
  homepage: optionalLink,
  mobile_link: optionalLink,
  desktop_link: optionalLink,
  webapp_link: optionalLink,
  app_store: optionalLink,
  play_store: optionalLink,
  chrome_store: optionalLink,
  walletconnect_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  walletconnect_uri_templates: v.optional(
    v.fallback(v.pipe(v.array(v.pipe(v.string(), v.maxLength(2048), v.includes('{uri}'))), v.maxLength(10)), []),
    [],
  ),
});

const pageSchema = v.object({
  data: v.pipe(v.array(v.unknown()), v.maxLength(1000)),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/**
 * A catalogue wallet as the widget holds it, or undefined when `value` is not one. What can be
 * mended is: an unsafe link becomes null, the name is trimmed, missing optional fields are filled.
 */
export function parseWalletListItem(value: unknown): WalletListItem | undefined {
  const wallet = v.safeParse(walletSchema, value);
  return wallet.success ? wallet.output : undefined;
}

/**
 * A page from the server: the envelope must have the documented shape (otherwise the call fails),
 * while a single wallet that does not is dropped, so one bad entry never hides the others.
 */
export function parseWalletPage(body: unknown): WalletPage {
  const envelope = parseResponse(pageSchema, body, '/getWallets');
  const data: WalletListItem[] = [];
  const seen = new Set<string>();
  for (const item of envelope.data) {
    const wallet = parseWalletListItem(item);
    if (!wallet || seen.has(wallet.id)) continue;
    seen.add(wallet.id);
    data.push(wallet);
  }
  return { data, count: Math.max(envelope.count, data.length) };
}

const list = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);

/**
 * The client of the wallet catalogue on the site's Cairn server (SPEC §7). Every call carries
 * projectId, st and sv and goes through the one HTTP client (retries, 'HTTP status code: {status}').
 */
export function createWalletCatalogueApi(config: ApiConfig, fetchOptions: FetchOptions = {}): WalletCatalogueApi {
  return {
    getWallets: ({ page, entries, search, include, exclude, chains }) =>
      getJson(
        config,
        fetchOptions,
        '/getWallets',
        {
          page: String(page),
          entries: String(entries),
          // The server takes at most 100 characters of search (SPEC §9 caps results, the server the query).
          search: search?.trim().slice(0, 100) || undefined,
          include: list(include),
          exclude: list(exclude),
          chains: list(chains),
        },
        (body, response) => {
          const page = parseWalletPage(body);
          const budget = readRequestBudget(response.headers);
          return budget ? { ...page, budget } : page;
        },
      ),
    walletImageUrl: (imageId) => walletImageUrl(config, imageId),
  };
}
