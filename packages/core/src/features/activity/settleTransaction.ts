import { adapterFor, type CairnContext } from '../../context.ts';
import { failedSendReason } from '../../rules/send/sendOutcome.ts';
import type { CaipNetwork } from '../../types.ts';

/** How a transaction the widget sent ended on the chain. */
export type TransactionSettlement =
  | { status: 'confirmed' }
  | {
      status: 'failed';
      /** Why, in SPEC §8's words, when the node says. */
      reason?: string;
      /** The node's own text, for the error event. */
      nodeMessage?: string;
    };

/**
 * Waits for a transaction's receipt; for one that failed, asks the node why. Undefined when the
 * namespace's adapter cannot follow a transaction.
 */
export async function settleTransaction(ctx: CairnContext, network: CaipNetwork, hash: string): Promise<TransactionSettlement | undefined> {
  const adapter = adapterFor(ctx, network.chainNamespace);
  if (!adapter.waitForTransaction) return undefined;
  if ((await adapter.waitForTransaction({ network, hash })) === 'success') return { status: 'confirmed' };
  const nodeMessage = await adapter.transactionFailure?.({ network, hash }).catch(() => undefined);
  const reason = failedSendReason(nodeMessage);
  return { status: 'failed', ...(reason ? { reason } : {}), ...(nodeMessage ? { nodeMessage } : {}) };
}
