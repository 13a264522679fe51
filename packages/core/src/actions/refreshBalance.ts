import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '../constants.ts';
import { activeAccount, type CairnContext } from '../context.ts';
import { ErrorText, errorMessage } from '../errors.ts';
import { findNetwork } from '../stores/network.ts';
import { readPortfolio, type Portfolio } from './readPortfolio.ts';
import { cachedPortfolio, outdateMark, outdatePortfolio, portfolioKey, savePortfolio } from '../cache/persistedCaches.ts';
import { queryCacheOf, queryKey } from '../cache/queryCache.ts';

/** Per account and network, the number of the latest read started: an answer to an older one is dropped. */
const latestReads = new WeakMap<CairnContext, Map<string, number>>();

/** `force`: past the cache (SPEC §9's lifetimes). */
export type RefreshBalanceParameters = { force?: boolean };
export type RefreshBalanceReturnType = void;

/**
 * Reads the active account's native balance on the active network. SPEC §5: skipped when the
 * network is not one the site supports; SPEC §9: cached 30 s unless forced; SPEC §8: after a
 * failure, retries are blocked for 30 s unless forced.
 */
export async function refreshBalance(ctx: CairnContext, options: RefreshBalanceParameters = {}): Promise<RefreshBalanceReturnType> {
  const account = activeAccount(ctx);
  const { address, caipAddress } = account.get();
  const network = findNetwork(ctx.network.get());
  if (!address || !caipAddress) return;
  if (!network) {
    account.set({ balance: undefined, balanceSymbol: undefined, balanceLoading: false, balanceError: undefined });
    return;
  }
  const key = portfolioKey(network.caipNetworkId, address);
  // The account or network may change while the request is in flight.
  const isStale = () =>
    account.get().address !== address || ctx.network.get().activeCaipNetworkId !== network.caipNetworkId;
  const show = (portfolio: Portfolio) =>
    account.set({
      balance: portfolio.balance.formatted,
      balanceSymbol: portfolio.balance.symbol,
      balanceUsd: portfolio.balanceUsd,
      nativePriceUsd: portfolio.nativePriceUsd,
      tokenBalance: portfolio.tokens,
      balanceLoading: false,
      balanceError: undefined,
    });
  const cached = cachedPortfolio(ctx, key);
  // Read before the visitor's own transaction (maybe before a reload): read again, past every cache.
  const force = options.force === true || cached?.outdated === true;
  if (!force && cached && ctx.now() - cached.at < BALANCE_CACHE_MS) {
    show(cached);
    return;
  }
  const retryAt = ctx.balanceRetryAt.get(key);
  if (!force && retryAt !== undefined && ctx.now() < retryAt) {
    // The failure was already told (one toast per failure); what was shown stays.
    account.set({ balanceLoading: false, balanceError: ErrorText.tokenBalanceUnavailable });
    return;
  }
  // A stale value (this visit's, or the last visit's from storage) shows at once while the
  // refresh runs; it is never counted as fresh.
  if (cached) show(cached);
  account.set({ balanceLoading: true, balanceError: undefined });
  const reads = latestReads.get(ctx) ?? new Map<string, number>();
  latestReads.set(ctx, reads);
  const readNumber = (reads.get(key) ?? 0) + 1;
  reads.set(key, readNumber);
  // A forced read after a transaction may end before an older read that started before it: the older, stale answer loses.
  const superseded = () => reads.get(key) !== readNumber;
  try {
    // SPEC §8 gives a failed balance its own rule (the toast, then 30 s without asking): no query retries.
    const marked = outdateMark(ctx, key);
    const read = queryCacheOf(ctx).read(queryKey.balance(key), () => readPortfolio(ctx, network, address, force), { staleMs: 0, force, retries: 0 });
    const portfolio = await read;
    if (superseded()) return;
    savePortfolio(ctx, key, portfolio);
    // A transaction sent while this read was in flight: its answer may be from before it, so it stays
    // outdated (a reload before the next read then asks past the caches, not shows this for 30 s).
    if (outdateMark(ctx, key) !== marked) outdatePortfolio(ctx, key);
    ctx.balanceRetryAt.delete(key);
    if (isStale()) return;
    show(portfolio);
  } catch (error) {
    if (superseded()) return;
    console.warn('[cairn] balance unavailable:', errorMessage(error));
    ctx.balanceRetryAt.set(key, ctx.now() + BALANCE_RETRY_BLOCK_MS);
    if (isStale()) return;
    account.set({ balanceLoading: false, balanceError: ErrorText.tokenBalanceUnavailable });
    // SPEC §8: a toast, once per failure; retries are then blocked for 30 s.
    ctx.toast.show(ErrorText.tokenBalanceUnavailable, 'error');
  }
}
