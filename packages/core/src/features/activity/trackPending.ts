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

/** How a wallet_sendCalls batch ended, as wallet_getCallsStatus reported it. */
export interface CallsOutcome {
  success: boolean;
  /** The transaction that carried it, where the wallet's receipts name one. */
  transactionHash?: string;
}

/** A batch the widget follows: its id, its sender, and what it moves where known (a send knows). */
export interface PendingCalls {
  id: string;
  from: string;
  connectorId: string;
  to?: string;
  amount?: string;
  symbol?: string;
}

/**
 * EIP-5792: a `wallet_sendCalls` batch is pending under its id until the wallet reports it done
 * (wallet_getCallsStatus: 200 and up, or CONFIRMED in the drafts), at most 5 minutes. For a smart
 * account the id is its user operation's, so whatever transaction the bundler lands it in (a
 * replaced bundle has a new hash) is the one reported. Resolves with how it ended; undefined when
 * the wallet did not say in time.
 */
export async function trackPendingCalls(ctx: CairnContext, network: CaipNetwork, batch: PendingCalls): Promise<CallsOutcome | undefined> {
  const { id, connectorId, ...shown } = batch;
  ctx.pendingTransactions.add({ ...shown, hash: id, caipNetworkId: network.caipNetworkId, sentAt: ctx.now() });
  outdatePortfolio(ctx, portfolioKey(network.caipNetworkId, batch.from));
  const adapter = adapterFor(ctx, network.chainNamespace);
  const deadline = Date.now() + CALLS_WATCH_MS;
  try {
    while (adapter.request && Date.now() < deadline) {
      const status = (await adapter.request({ connectorId, method: 'wallet_getCallsStatus', params: [id] }).catch(() => undefined)) as
        | { status?: unknown; receipts?: { transactionHash?: unknown; status?: unknown }[] }
        | undefined;
      const done = typeof status?.status === 'number' ? status.status >= 200 : status?.status === 'CONFIRMED';
      if (done) {
        const hash = status?.receipts?.find((receipt) => typeof receipt.transactionHash === 'string')?.transactionHash;
        const transactionHash = typeof hash === 'string' ? hash : undefined;
        await transactionConfirmed(ctx, network, transactionHash);
        // EIP-5792 2.0: 200 is confirmed; 400 and up failed (off-chain, reverted, partly reverted).
        const success = typeof status?.status === 'number' ? status.status < 400 : status?.receipts?.every((receipt) => receipt.status !== '0x0') !== false;
        return { success, ...(transactionHash ? { transactionHash } : {}) };
      }
      await new Promise((resolve) => setTimeout(resolve, CALLS_POLL_MS));
    }
    return undefined;
  } finally {
    ctx.pendingTransactions.remove(id);
  }
}
