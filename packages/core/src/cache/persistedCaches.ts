import * as v from 'valibot';
import { identitySchema, tokenBalanceSchema, type Identity } from '../api/blockchainApi.ts';
import type { CairnContext } from '../context.ts';
import type { Portfolio } from '../actions/readPortfolio.ts';

// SPEC §3: the balance/portfolio and identity caches live in browser storage too, so a returning
// visitor's Account view is filled at once. Read through the storage module's validation like
// every stored value, and bounded: the most recent entries only.

export const PORTFOLIO_CACHE_KEY = 'portfolioCache';
export const IDENTITY_CACHE_KEY = 'identityCache';
export const PORTFOLIO_CACHE_ENTRIES = 8;
export const IDENTITY_CACHE_ENTRIES = 16;

const portfolioEntry = v.object({
  key: v.pipe(v.string(), v.maxLength(300)),
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
  balance: v.object({
    formatted: v.pipe(v.string(), v.regex(/^\d{1,78}(\.\d{1,78})?$/)),
    symbol: v.pipe(v.string(), v.maxLength(32)),
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
    value: v.pipe(v.string(), v.regex(/^\d{1,80}$/)),
  }),
  tokens: v.pipe(v.array(tokenBalanceSchema), v.maxLength(100)),
  balanceUsd: v.optional(v.pipe(v.number(), v.finite())),
  nativePriceUsd: v.optional(v.pipe(v.number(), v.finite())),
  outdated: v.optional(v.literal(true)),
});
const portfolioCache = v.pipe(v.array(portfolioEntry), v.maxLength(PORTFOLIO_CACHE_ENTRIES));
const identityEntry = v.object({ key: v.pipe(v.string(), v.maxLength(300)), at: v.pipe(v.number(), v.integer(), v.minValue(0)), identity: identitySchema });
const identityCache = v.pipe(v.array(identityEntry), v.maxLength(IDENTITY_CACHE_ENTRIES));

const parser = <T>(schema: v.GenericSchema<unknown, T>) => (value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? result.output : undefined;
};
const readPortfolios = (ctx: CairnContext) => ctx.storage.read(PORTFOLIO_CACHE_KEY, parser(portfolioCache)) ?? [];
const readIdentities = (ctx: CairnContext) => ctx.storage.read(IDENTITY_CACHE_KEY, parser(identityCache)) ?? [];

/** Newest first, one per key, at most `max`. */
function upsert<T extends { key: string; at: number }>(entries: readonly T[], entry: T, max: number): T[] {
  return [entry, ...entries.filter((other) => other.key !== entry.key)].sort((a, b) => b.at - a.at).slice(0, max);
}

/** The key of a portfolio: a network and an address on it. */
export const portfolioKey = (caipNetworkId: string, address: string) => `${caipNetworkId}:${address}`;

/** `outdated`: the visitor has sent a transaction since it was read; the next read goes past every cache. */
export type CachedPortfolio = Portfolio & { at: number; outdated?: boolean };

/** The portfolio last read for this network and address: from memory, else from storage. */
export function cachedPortfolio(ctx: CairnContext, key: string): CachedPortfolio | undefined {
  const inMemory = ctx.balanceCache.get(key);
  if (inMemory) return inMemory;
  const stored = readPortfolios(ctx).find((entry) => entry.key === key);
  if (!stored) return undefined;
  const { at, balance, tokens, balanceUsd, nativePriceUsd, outdated } = stored;
  const portfolio: CachedPortfolio = {
    at,
    balance: { ...balance, value: BigInt(balance.value) },
    tokens,
    ...(balanceUsd !== undefined ? { balanceUsd } : {}),
    ...(nativePriceUsd !== undefined ? { nativePriceUsd } : {}),
    ...(outdated ? { outdated } : {}),
  };
  ctx.balanceCache.set(key, portfolio);
  return portfolio;
}

export function savePortfolio(ctx: CairnContext, key: string, portfolio: Portfolio): void {
  const at = ctx.now();
  ctx.balanceCache.set(key, { at, ...portfolio });
  const { balance, tokens, balanceUsd, nativePriceUsd } = portfolio;
  const entry = {
    key,
    at,
    balance: { ...balance, value: balance.value.toString() },
    tokens: tokens.slice(0, 100),
    ...(balanceUsd !== undefined ? { balanceUsd } : {}),
    ...(nativePriceUsd !== undefined ? { nativePriceUsd } : {}),
  };
  ctx.storage.write(PORTFOLIO_CACHE_KEY, upsert(readPortfolios(ctx), entry, PORTFOLIO_CACHE_ENTRIES));
}

/** Per instance and portfolio, how many times it was outdated: a read compares the count before and after it. */
const outdateMarks = new WeakMap<CairnContext, Map<string, number>>();

/** How many times this portfolio was outdated in this page (see outdatePortfolio). */
export const outdateMark = (ctx: CairnContext, key: string): number => outdateMarks.get(ctx)?.get(key) ?? 0;

/**
 * The visitor sent a transaction from this address on this network: the portfolio read before it
 * is outdated, here and in storage, so that the next read, after a reload too, goes past the
 * server's cache (SPEC §7 forceUpdate) instead of showing the balance from before it for 30 s.
 */
export function outdatePortfolio(ctx: CairnContext, key: string): void {
  const marks = outdateMarks.get(ctx) ?? new Map<string, number>();
  outdateMarks.set(ctx, marks);
  marks.set(key, (marks.get(key) ?? 0) + 1);
  const inMemory = ctx.balanceCache.get(key);
  if (inMemory) ctx.balanceCache.set(key, { ...inMemory, outdated: true });
  const stored = readPortfolios(ctx);
  if (stored.some((entry) => entry.key === key)) {
    ctx.storage.write(PORTFOLIO_CACHE_KEY, stored.map((entry) => (entry.key === key ? { ...entry, outdated: true as const } : entry)));
  }
}

export function cachedIdentity(ctx: CairnContext, key: string): { at: number; identity: Identity } | undefined {
  const inMemory = ctx.identityCache.get(key);
  if (inMemory) return inMemory;
  const stored = readIdentities(ctx).find((entry) => entry.key === key);
  if (stored) ctx.identityCache.set(key, { at: stored.at, identity: stored.identity });
  return stored;
}

export function saveIdentity(ctx: CairnContext, key: string, identity: Identity): void {
  const at = ctx.now();
  ctx.identityCache.set(key, { at, identity });
  ctx.storage.write(IDENTITY_CACHE_KEY, upsert(readIdentities(ctx), { key, at, identity }, IDENTITY_CACHE_ENTRIES));
}

/**
 * A disconnected namespace's balances are not kept, in memory or in storage. Names stay: they are
 * public, keyed by address, and asked for again only after their 5 minutes.
 */
export function forgetCaches(ctx: CairnContext, namespace: string): void {
  const ofNamespace = (key: string) => key.startsWith(`${namespace}:`);
  for (const key of [...ctx.balanceCache.keys()]) if (ofNamespace(key)) ctx.balanceCache.delete(key);
  const portfolios = readPortfolios(ctx).filter((entry) => !ofNamespace(entry.key));
  if (portfolios.length > 0) ctx.storage.write(PORTFOLIO_CACHE_KEY, portfolios);
  else ctx.storage.erase(PORTFOLIO_CACHE_KEY);
}
