import type { CairnContext } from '../../context.ts';
import type { CaipNetwork } from '../../types.ts';
import { refreshBalance } from '../../actions/refreshBalance.ts';
import { queryCacheOf, queryKey } from '../../cache/queryCache.ts';

/** How often, after mining, the history is asked again until the server's indexer lists the hash (bounded). */
export const HISTORY_TRIES = 12;
export const HISTORY_WAIT_MS = 250;

/**
 * A transaction of the visitor's was mined (a send, a swap or its approval, a purchase, a site's
 * own call through the widget): every feature reports it here, and the balances and Activity are
 * read again from the chain, past every cache (SPEC §7 forceUpdate), so the new figures show
 * at once. `hash`, when known, is awaited in Activity's list.
 */
export async function transactionConfirmed(ctx: CairnContext, network: CaipNetwork, hash?: string): Promise<void> {
  // The server's forced read waits for its indexer to store the head block, so the history read
  // after it already lists the transaction (the loop below is for a server without that wait).
  await refreshBalance(ctx, { force: true }).catch(() => undefined);
  // A history read begun before the transaction was mined does not list it: none is joined.
  queryCacheOf(ctx).invalidate(queryKey.history());
  await refreshActivity(ctx, network, hash);
}

/** When Activity is in use on this network, asks for the history again, until it lists the hash. */
async function refreshActivity(ctx: CairnContext, network: CaipNetwork, hash: string | undefined): Promise<void> {
  const listed = () => hash === undefined || ctx.transactions.get().transactions.some((entry) => entry.metadata.hash.toLowerCase() === hash.toLowerCase());
  for (let attempt = 0; attempt < HISTORY_TRIES; attempt += 1) {
    const list = ctx.transactions.get();
    if (list.lastNetworkInView !== network.caipNetworkId || list.account === undefined) return;
    const { fetchTransactions } = await import('./historyFlow.ts');
    await fetchTransactions(ctx);
    if (listed()) return;
    await new Promise((resolve) => setTimeout(resolve, HISTORY_WAIT_MS));
  }
}
