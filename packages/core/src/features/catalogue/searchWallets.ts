import type { CairnContext } from '../../context.ts';
import { WALLET_SEARCH_DEBOUNCE_MS, WALLETS_SEARCH_COUNT } from '../../constants.ts';
import { errorMessage } from '../../errors.ts';
import { catalogueFilters } from './catalogueFilters.ts';

export interface SearchWalletsOptions {
  /** Skip the debounce (the view's retry). */
  immediate?: boolean;
}

export type SearchWalletsParameters = SearchWalletsOptions;
/** The results land in the catalogue's store. */
export type SearchWalletsReturnType = void;

/**
 * SPEC §9: search waits 300 ms after the last keystroke, then asks the server for up to 100
 * wallets. The latest query wins: an answer to an older one, however late, is dropped. An empty
 * query cancels what is pending and returns to the list. Emits SEARCH_WALLET (SPEC §8) per
 * request. Settles when this query's results are in, or when a newer call replaced it.
 */
export function searchWallets(ctx: CairnContext, query: string, options: SearchWalletsParameters = {}): Promise<SearchWalletsReturnType> {
  const { walletList: list } = ctx;
  const { requests, timers } = list;
  const search = query.trim();
  const seq = ++requests.searchSeq;
  if (requests.searchTimer !== undefined) timers.clearTimeout(requests.searchTimer);
  requests.searchTimer = undefined;
  requests.settleWaiting?.();
  requests.settleWaiting = undefined;
  if (!search || !ctx.catalogue) {
    list.set({ query, searchStatus: 'idle', searchResults: [], searchedQuery: undefined, searchError: undefined });
    return Promise.resolve();
  }
  const catalogue = ctx.catalogue;
  const run = async () => {
    if (seq !== requests.searchSeq) return;
    list.set({ searchStatus: 'loading', searchError: undefined });
    ctx.events.emit('SEARCH_WALLET', { search });
    try {
      const result = await catalogue.getWallets({ page: 1, entries: WALLETS_SEARCH_COUNT, search, ...catalogueFilters(ctx) });
      if (seq !== requests.searchSeq) return;
      list.set({ searchStatus: 'ready', searchResults: result.data, searchedQuery: search });
    } catch (error) {
      if (seq !== requests.searchSeq) return;
      list.set({ searchStatus: 'error', searchError: errorMessage(error) });
    }
  };
  list.set({ query, searchStatus: options.immediate ? 'loading' : 'waiting', searchError: undefined });
  if (options.immediate) return run();
  return new Promise<void>((resolve) => {
    requests.settleWaiting = resolve;
    requests.searchTimer = timers.setTimeout(() => {
      requests.searchTimer = undefined;
      requests.settleWaiting = undefined;
      void run().then(resolve);
    }, WALLET_SEARCH_DEBOUNCE_MS);
  });
}
