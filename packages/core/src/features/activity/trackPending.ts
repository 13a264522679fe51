import { adapterFor, type CairnContext } from '../../context.ts';
import type { PendingTransaction } from './pendingTransactionsStore.ts';
import type { CaipNetwork } from '../../types.ts';
import { transactionConfirmed } from './transactionConfirmed.ts';
import { outdatePortfolio, portfolioKey } from '../../cache/persistedCaches.ts';

/**
 * A transaction sent through the widget: pending at the top of Activity until mined (SPEC §7
 * polling), then reported confirmed: the balances and Activity are read again.
 */
export async function trackPending(ctx: CairnContext, network: CaipNetwork, transaction: Omit<PendingTransaction, 'caipNetworkId' | 'sentAt'>): Promise<void> {
  ctx.pendingTransactions.add({ ...transaction, caipNetworkId: network.caipNetworkId, sentAt: ctx.now() });
  outdatePortfolio(ctx, portfolioKey(network.caipNetworkId, transaction.from));
  const adapter = adapterFor(ctx, network.chainNamespace);
  try {
    if (adapter.waitForTransaction) await adapter.waitForTransaction({ network, hash: transaction.hash });
    await transactionConfirmed(ctx, network, transaction.hash);
  } catch (error) {
    console.warn('[cairn] could not follow a pending transaction', error);
  } finally {
    ctx.pendingTransactions.remove(transaction.hash);
  }
}

const CALLS_POLL_MS = 1000;
const CALLS_WATCH_MS = 5 * 60_000;

/**
 * EIP-5792: a `wallet_sendCalls` batch is pending under its id until the wallet reports it done
 * (wallet_getCallsStatus: 200 and up, or CONFIRMED in the drafts), at most 5 minutes.
 */
export async function trackPendingCalls(ctx: CairnContext, network: CaipNetwork, batch: { id: string; from: string; connectorId: string }): Promise<void> {
  ctx.pendingTransactions.add({ hash: batch.id, caipNetworkId: network.caipNetworkId, from: batch.from, sentAt: ctx.now() });
  outdatePortfolio(ctx, portfolioKey(network.caipNetworkId, batch.from));
  const adapter = adapterFor(ctx, network.chainNamespace);
  const deadline = Date.now() + CALLS_WATCH_MS;
  try {
    while (adapter.request && Date.now() < deadline) {
      const status = (await adapter.request({ connectorId: batch.connectorId, method: 'wallet_getCallsStatus', params: [batch.id] }).catch(() => undefined)) as
        | { status?: unknown; receipts?: { transactionHash?: unknown }[] }
        | undefined;
      const done = typeof status?.status === 'number' ? status.status >= 200 : status?.status === 'CONFIRMED';
      if (done) {
        const hash = status?.receipts?.find((receipt) => typeof receipt.transactionHash === 'string')?.transactionHash;
        await transactionConfirmed(ctx, network, typeof hash === 'string' ? hash : undefined);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, CALLS_POLL_MS));
    }
  } finally {
    ctx.pendingTransactions.remove(batch.id);
  }
}
