import { createStore } from '../../createStore.ts';
import type { WalletListItem } from '../../types.ts';
import type { RequestBudget } from '../../rules/requestBudget.ts';

/** Texts of the catalogue views; a test and a view name the same text. */
export const WalletListText = {
  loadFailed: 'Could not load wallets',
  searchFailed: 'Could not search wallets',
  noWalletFound: 'No wallet found',
} as const;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface WalletListState {
  /** The site's featuredWalletIds, in that order, as the server knows them. */
  featured: readonly WalletListItem[];
  /** Catalogue entries of the wallets installed here or used recently, looked up by id / rdns. */
  pinned: readonly WalletListItem[];
  /** SPEC §7: page 1 with 4 entries. */
  recommended: readonly WalletListItem[];
  /** Featured, pinned and recommended: what the Connect view needs. */
  overviewStatus: LoadStatus;
  /** The pages loaded so far (40 each), without duplicates, in the server's order. */
  wallets: readonly WalletListItem[];
  /** Wallets in the whole catalogue for this site (include, exclude, chains); unknown before the first answer. */
  count?: number;
  /** Pages loaded. */
  page: number;
  /** The next page: loading, or failed (`pageError`, with a retry). */
  pageStatus: 'idle' | 'loading' | 'error';
  pageError?: string;
  /** Every page is loaded (the count is reached, or the server has no more). */
  complete: boolean;
  /** What the visitor typed; empty: the list, not search results. */
  query: string;
  /** `waiting`: the 300 ms debounce is running; `loading`: the request is out. */
  searchStatus: 'idle' | 'waiting' | 'loading' | 'ready' | 'error';
  /** Results of the query they belong to (`searchedQuery`), at most 100. */
  searchResults: readonly WalletListItem[];
  searchedQuery?: string;
  searchError?: string;
}

/** setTimeout / clearTimeout, injectable so the debounce runs on a test's clock. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What is in flight; not state anyone renders, so it is kept beside the store. */
export interface WalletListRequests {
  overview?: Promise<void>;
  page?: Promise<void>;
  /** Ids of `wallets`, so a page is de-duplicated without rescanning 10,000 entries. */
  ids: Set<string>;
  /** The server's request budget as the last page's answer reported it, and when (ms, ctx.now). */
  budget?: { budget: RequestBudget; at: number };
  /** Bumped by every search and every clear: an answer for an older number is dropped. */
  searchSeq: number;
  searchTimer?: unknown;
  /** Settles the promise of a search call whose debounce a newer keystroke cancelled. */
  settleWaiting?: () => void;
}

const INITIAL: WalletListState = {
  featured: [],
  pinned: [],
  recommended: [],
  overviewStatus: 'idle',
  wallets: [],
  page: 0,
  pageStatus: 'idle',
  complete: false,
  query: '',
  searchStatus: 'idle',
  searchResults: [],
};

export function createWalletListStore(timers: Timers = realTimers) {
  const store = createStore<WalletListState>(INITIAL);
  const requests: WalletListRequests = { ids: new Set(), searchSeq: 0 };
  return { ...store, timers, requests };
}
export type WalletListStore = ReturnType<typeof createWalletListStore>;
