import { createStore } from '../../createStore.ts';
import type { CaipNetworkId } from '../../types.ts';

/** SPEC §9: at most this many transactions are watched as pending; the oldest are dropped. */
export const PENDING_TRANSACTIONS_LIMIT = 99;

/** A transaction sent through the widget, shown at the top of Activity until it is mined. */
export interface PendingTransaction {
  hash: string;
  caipNetworkId: CaipNetworkId;
  from: string;
  to?: string;
  /** What it moves, as shown: whole units and symbol, when known (a send knows; a site's call may not). */
  amount?: string;
  symbol?: string;
  /** ms since the epoch. */
  sentAt: number;
}

export interface PendingTransactionsState {
  /** Newest first. */
  pending: readonly PendingTransaction[];
}

export function createPendingTransactionsStore() {
  const store = createStore<PendingTransactionsState>({ pending: [] });
  return {
    ...store,
    add(transaction: PendingTransaction): void {
      store.set(({ pending }) => ({
        pending: [transaction, ...pending.filter((p) => p.hash !== transaction.hash)].slice(0, PENDING_TRANSACTIONS_LIMIT),
      }));
    },
    remove(hash: string): void {
      store.set(({ pending }) => ({ pending: pending.filter((p) => p.hash !== hash) }));
    },
  };
}
export type PendingTransactionsStore = ReturnType<typeof createPendingTransactionsStore>;
