import { adapterFor, type CairnContext } from '../../context.ts';
import type { PendingTransaction } from '../../stores/pendingTransactions.ts';
import type { CaipNetwork } from '../../types.ts';
import { refreshBalance } from '../refreshBalance.ts';

/** How often, after mining, the history is asked again until the server's indexer lists it. */
const HISTORY_TRIES = 10;
const HISTORY_WAIT_MS = 1000;

/**
 * A transaction sent through the widget: pending at the top of Activity until mined (SPEC §7
 * polling), then the balances are read again and Activity lists it where it belongs.
 */
export async function trackPending(ctx: CairnContext, network: CaipNetwork, transaction: Omit<PendingTransaction, 'caipNetworkId' | 'sentAt'>): Promise<void> {
  ctx.pendingTransactions.add({ ...transaction, caipNetworkId: network.caipNetworkId, sentAt: ctx.now() });
  const adapter = adapterFor(ctx, network.chainNamespace);
  try {
    if (adapter.waitForTransaction) await adapter.waitForTransaction({ network, hash: transaction.hash });
    await refreshBalance(ctx, { force: true }).catch(() => undefined);
    await showInActivity(ctx, network, transaction.hash);
  } catch (error) {
    console.warn('[cairn] could not follow a pending transaction', error);
  } finally {
    ctx.pendingTransactions.remove(transaction.hash);
  }
}

/** When Activity is in use, asks for the history again until it lists the hash (bounded). */
async function showInActivity(ctx: CairnContext, network: CaipNetwork, hash: string): Promise<void> {
  const listed = () => ctx.transactions.get().transactions.some((entry) => entry.metadata.hash.toLowerCase() === hash.toLowerCase());
  for (let attempt = 0; attempt < HISTORY_TRIES; attempt += 1) {
    const list = ctx.transactions.get();
    if (list.lastNetworkInView !== network.caipNetworkId || list.account === undefined) return;
    const { fetchTransactions } = await import('../history/historyFlow.ts');
    await fetchTransactions(ctx);
    if (listed()) return;
    await new Promise((resolve) => setTimeout(resolve, HISTORY_WAIT_MS));
  }
}
