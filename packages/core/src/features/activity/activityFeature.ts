import type { CairnFeature } from '../cairnFeature.ts';
import { createPendingTransactionsStore, type PendingTransactionsStore } from './pendingTransactionsStore.ts';
import { createTransactionsStore, type TransactionsStore } from './transactionsStore.ts';
import { loadHistoryFlow } from './loadHistoryFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    /** Transactions sent through the widget and not yet mined. */
    pendingTransactions: PendingTransactionsStore;
    /** SPEC §3 transaction-list state (Activity). */
    transactions: TransactionsStore;
  }
  interface FeatureFacades {
    /** Activity: the connected account's transactions on the active network, afresh (SPEC §4). */
    fetchTransactions(): Promise<void>;
    /** Activity: the next page by cursor (infinite scroll); nothing on the last page. */
    loadMoreTransactions(): Promise<void>;
    /** Fetches Activity's code ahead of the visitor's click. */
    prefetchActivity(): void;
  }
  interface FeatureViews {
    Activity: 'activity';
  }
}

/** Activity: the account's history from the site's server, and the transactions sent and not yet mined (SPEC §3, §4). */
export const activityFeature: CairnFeature = {
  stores: { pendingTransactions: createPendingTransactionsStore, transactions: createTransactionsStore },
  // SPEC §4: a disconnect forgets the list; what was sent stays pending until it is mined.
  resetOnDisconnect: (ctx) => ctx.transactions.reset(),
  facade: {
    fetchTransactions: (ctx) => () => loadHistoryFlow().then((flow) => flow.fetchTransactions(ctx)),
    loadMoreTransactions: (ctx) => () => loadHistoryFlow().then((flow) => flow.fetchTransactions(ctx, { more: true })),
    prefetchActivity: () => () => void loadHistoryFlow().catch(() => undefined),
  },
};
