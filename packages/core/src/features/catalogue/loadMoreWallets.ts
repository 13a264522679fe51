import type { CairnContext } from '../../context.ts';
import { WALLETS_PAGE_SIZE } from '../../constants.ts';
import { errorMessage } from '../../errors.ts';
import { nextPageWaitMs } from '../../rules/requestBudget.ts';
import { catalogueFilters } from './catalogueFilters.ts';
import type { WalletListStore } from './walletListStore.ts';

/** The page lands in the catalogue's store. */
export type LoadMoreWalletsReturnType = void;

/**
 * Loads the next page of 40 (the first when none is loaded): AllWallets calls it when it opens
 * and when the visitor scrolls near the end. One request at a time (a second call shares the
 * first); stops once the count is reached; a wallet already listed is not listed twice. A
 * failure leaves the pages as they were, with `pageError` for the view's retry, which calls this
 * again for the same page. Issue 29: once the server reports only the reserve of its per-client
 * budget left, the next page waits for its window to start again (rules/requestBudget.ts), so
 * scrolling never spends what the widget's other calls need nor meets a 429.
 */
export function loadMoreWallets(ctx: CairnContext): Promise<LoadMoreWalletsReturnType> {
  const { walletList: list, catalogue } = ctx;
  if (!catalogue) return Promise.resolve();
  if (list.requests.page) return list.requests.page;
  if (list.get().complete) return Promise.resolve();
  const page = list.get().page + 1;
  list.set({ pageStatus: 'loading', pageError: undefined });
  const load = async () => {
    try {
      await waitForBudget(list, ctx.now());
      const result = await catalogue.getWallets({ page, entries: WALLETS_PAGE_SIZE, ...catalogueFilters(ctx) });
      list.requests.budget = result.budget ? { budget: result.budget, at: ctx.now() } : undefined;
      const { ids } = list.requests;
      const fresh = result.data.filter((wallet) => {
        if (ids.has(wallet.id)) return false;
        ids.add(wallet.id);
        return true;
      });
      list.set((state) => ({
        wallets: fresh.length > 0 ? [...state.wallets, ...fresh] : state.wallets,
        page,
        count: result.count,
        // An empty page ends it too, whatever the count says: no endless requests.
        complete: page * WALLETS_PAGE_SIZE >= result.count || result.data.length === 0,
        pageStatus: 'idle',
      }));
    } catch (error) {
      list.set({ pageStatus: 'error', pageError: errorMessage(error) });
    } finally {
      list.requests.page = undefined;
    }
  };
  list.requests.page = load();
  return list.requests.page;
}

/** Waits, on the store's timers, until the server's budget allows the next page. */
function waitForBudget(list: WalletListStore, now: number): Promise<void> {
  const last = list.requests.budget;
  const wait = last ? nextPageWaitMs(last.budget, now - last.at) : 0;
  if (wait === 0) return Promise.resolve();
  return new Promise((resolve) => list.timers.setTimeout(resolve, wait));
}
