import { activeAccount, type CairnContext } from '../../context.ts';
import { createHistoryApi, type HistoryApi } from '../../api/historyApi.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';
import { ErrorText } from '../../errors.ts';
import { filterTransactions, groupTransactionsByYear } from '../../rules/transactionList.ts';
import { findNetwork } from '../../stores/network.ts';

const clients = new WeakMap<CairnContext, HistoryApi>();
/** Bumped by each fetch that starts the list afresh: an answer to an older one is dropped. */
const generations = new WeakMap<CairnContext, number>();

function historyApi(ctx: CairnContext): HistoryApi | undefined {
  const { api } = ctx.options;
  if (!api) return undefined;
  let client = clients.get(ctx);
  if (!client) clients.set(ctx, (client = createHistoryApi(api)));
  return client;
}

/**
 * SPEC §4 transaction fetching: loading set; results appended; empty set when none; on error
 * loading cleared, empty true, the cursor cleared and 'Failed to fetch transactions'. `more`
 * fetches the next page of the list in view; otherwise the list starts afresh, and it does
 * whenever the account or the network changed since (SPEC §5: only the connected chain's).
 */
export async function fetchTransactions(ctx: CairnContext, options: { more?: boolean } = {}): Promise<void> {
  const store = ctx.transactions;
  const { address } = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  const client = historyApi(ctx);
  // SPEC §5: an account address is required; an unsupported network gives an empty result.
  if (!address || !network || !client) {
    store.reset();
    store.set({ empty: true, lastNetworkInView: network?.caipNetworkId, account: address });
    return;
  }
  const current = store.get();
  const sameList = current.account === address && current.lastNetworkInView === network.caipNetworkId;
  const more = options.more === true && sameList;
  if (more && (current.next === undefined || current.loading)) return;
  const generation = (generations.get(ctx) ?? 0) + (more ? 0 : 1);
  generations.set(ctx, generation);
  // Afresh for another list; for the same one (a refresh after a transaction) its rows stay in view until the answer.
  if (!more && !sameList) {
    store.reset();
    store.set({ account: address, lastNetworkInView: network.caipNetworkId });
  }
  store.set({ loading: true, error: undefined });
  const isStale = () =>
    generations.get(ctx) !== generation ||
    activeAccount(ctx).get().address !== address ||
    ctx.network.get().activeCaipNetworkId !== network.caipNetworkId;
  try {
    const cursor = more ? current.next : undefined;
    // No lifetime (SPEC gives none, and a history must show what just happened): the query shares a read in flight and retries it.
    const page = await queryCacheOf(ctx).read(queryKey.history(address, network.caipNetworkId, cursor), () => client.getHistory(address, { chainId: network.caipNetworkId, ...(cursor ? { cursor } : {}) }), { staleMs: 0 });
    if (isStale() || store.get().account !== address) return;
    const before = more ? store.get().transactions : [];
    const transactions = [...before, ...filterTransactions(page.data, network.caipNetworkId)];
    store.set({
      transactions,
      transactionsByYear: groupTransactionsByYear(transactions),
      loading: false,
      next: page.next ?? undefined,
      empty: transactions.length === 0 && page.next === null,
    });
  } catch (error) {
    if (isStale()) return;
    console.warn('[cairn] could not fetch transactions', error);
    store.set({ loading: false, empty: true, next: undefined, error: ErrorText.failedToFetchTransactions });
  }
}
