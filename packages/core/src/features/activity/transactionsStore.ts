import { createStore } from '../../createStore.ts';
import type { HistoryTransaction } from '../../api/historyApi.ts';
import type { TransactionsByYear } from '../../rules/transactionList.ts';
import type { CaipNetworkId } from '../../types.ts';

// SPEC §3: transaction-list state.
export interface TransactionsState {
  /** The connected chain's entries, spam left out, newest first. */
  transactions: readonly HistoryTransaction[];
  /**
   * SPEC §3 coinbaseTransactions: the purchases through the site's server's onramp on this
   * network, newest first, with their provider, what was paid and their status.
   */
  onrampPurchases: readonly HistoryTransaction[];
  /** The transactions and the purchases together (a purchase stands for the transaction that paid it). */
  transactionsByYear: TransactionsByYear;
  loading: boolean;
  /** Nothing to show (none, or the fetch failed). */
  empty: boolean;
  /** Cursor of the next page; undefined on the last. */
  next?: string;
  lastNetworkInView?: CaipNetworkId;
  /** Whose list this is, so a switch of account starts afresh. */
  account?: string;
  error?: string;
}

const EMPTY: TransactionsState = { transactions: [], onrampPurchases: [], transactionsByYear: {}, loading: false, empty: false };

export function createTransactionsStore() {
  const store = createStore<TransactionsState>(EMPTY);
  return {
    ...store,
    reset: () => store.set({ ...EMPTY, next: undefined, lastNetworkInView: undefined, account: undefined, error: undefined }),
  };
}
export type TransactionsStore = ReturnType<typeof createTransactionsStore>;
