import { activeAccount, type CairnContext } from '../../context.ts';
import { createHistoryApi, type HistoryApi, type HistoryTransaction } from '../../api/historyApi.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';
import { ErrorText } from '../../errors.ts';
import { filterTransactions, groupTransactionsByYear, withPurchases } from '../../rules/transactionList.ts';
import { pendingPurchaseHashes } from '../../rules/pendingPurchases.ts';
import { findNetwork } from '../../stores/network.ts';
import type { CaipNetworkId } from '../../types.ts';
import { purchaseReadSession } from './purchaseReadSession.ts';
import { followPendingPurchases } from './followPendingPurchases.ts';
import { refreshBalance } from '../../actions/refreshBalance.ts';

const clients = new WeakMap<CairnContext, HistoryApi>();
/** Bumped by each fetch that starts the list afresh: an answer to an older one is dropped. */
const generations = new WeakMap<CairnContext, number>();

export function historyApi(ctx: CairnContext): HistoryApi | undefined {
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
    const chainId = network.caipNetworkId;
    // No lifetime (SPEC gives none, and a history must show what just happened): the query shares a read in flight and retries it.
    const read = <T>(key: string, fetch: () => Promise<T>) => queryCacheOf(ctx).read(key, fetch, { staleMs: 0 });
    const [page, purchases] = await Promise.all([
      read(queryKey.history(address, chainId, cursor), () => client.getHistory(address, { chainId, ...(cursor ? { cursor } : {}) })),
      // The purchases are one page, read with the first: the next pages keep them.
      more ? current.onrampPurchases : readPurchases(ctx, client, address, chainId, read),
    ]);
    if (isStale() || store.get().account !== address) return;
    const before = more ? store.get().transactions : [];
    const transactions = [...before, ...filterTransactions(page.data, chainId)];
    store.set({ transactions, ...listWith(transactions, purchases, page.next ?? undefined), loading: false, next: page.next ?? undefined });
    followPendingPurchases(ctx, refreshPurchases);
  } catch (error) {
    if (isStale()) return;
    console.warn('[cairn] could not fetch transactions', error);
    store.set({ loading: false, empty: true, next: undefined, error: ErrorText.failedToFetchTransactions });
  }
}

/**
 * SPEC §3 coinbaseTransactions: the purchases through the site's server's onramp, when the site
 * offers Buy. Activity shows the chain's transactions without them when they cannot be read.
 */
async function readPurchases(
  ctx: CairnContext,
  client: HistoryApi,
  address: string,
  chainId: CaipNetworkId,
  read: <T>(key: string, fetch: () => Promise<T>) => Promise<T>,
): Promise<readonly HistoryTransaction[]> {
  if (!ctx.options.features.onramp) return [];
  try {
    const page = await read(queryKey.onrampPurchases(address, chainId), () => client.getOnrampPurchases(address, { chainId, ...purchaseReadSession(ctx.options) }));
    return filterTransactions(page.data, chainId);
  } catch (error) {
    console.warn('[cairn] could not fetch the onramp purchases', error);
    return [];
  }
}

/** The list's purchases replaced: its rows by month, and whether it is empty. */
function listWith(transactions: readonly HistoryTransaction[], purchases: readonly HistoryTransaction[], next: string | undefined) {
  return {
    onrampPurchases: purchases,
    transactionsByYear: groupTransactionsByYear(withPurchases(transactions, purchases)),
    empty: transactions.length === 0 && purchases.length === 0 && next === undefined,
  };
}

/**
 * Reads the list's purchases again (a pending one followed, issue 28), and shows what they are
 * now; one that was pending and is now confirmed brought coins in, so the balances and the
 * history are read again too. Throws when the read fails (the follower waits longer and asks again).
 */
export async function refreshPurchases(ctx: CairnContext): Promise<void> {
  const { address } = activeAccount(ctx).get();
  const network = findNetwork(ctx.network.get());
  const client = historyApi(ctx);
  const list = ctx.transactions.get();
  if (!address || !network || !client || list.account !== address || list.lastNetworkInView !== network.caipNetworkId) return;
  const chainId = network.caipNetworkId;
  const page = await queryCacheOf(ctx).read(
    queryKey.onrampPurchases(address, chainId),
    () => client.getOnrampPurchases(address, { chainId, ...purchaseReadSession(ctx.options) }),
    // The follower's own backoff paces the reads: no retries stacked on it.
    { staleMs: 0, retries: 0 },
  );
  const now = ctx.transactions.get();
  if (now.account !== address || now.lastNetworkInView !== chainId) return;
  const purchases = filterTransactions(page.data, chainId);
  const wasPending = new Set(pendingPurchaseHashes(now.onrampPurchases));
  ctx.transactions.set(listWith(now.transactions, purchases, now.next));
  if (purchases.some((purchase) => purchase.metadata.status === 'confirmed' && wasPending.has(purchase.metadata.hash.toLowerCase()))) {
    // As transactionConfirmed does (which reaches this module through the history's chunk): past every cache.
    await refreshBalance(ctx, { force: true }).catch(() => undefined);
    queryCacheOf(ctx).invalidate(queryKey.history());
    await fetchTransactions(ctx);
  }
}
