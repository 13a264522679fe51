import type { HistoryTransaction } from '../api/historyApi.ts';

/** The hashes of the onramp purchases whose payment is not mined yet, in the list's order. */
export function pendingPurchaseHashes(purchases: readonly HistoryTransaction[]): string[] {
  return purchases.filter((purchase) => purchase.metadata.status === 'pending').map((purchase) => purchase.metadata.hash.toLowerCase());
}

/**
 * Issue 28: a pending purchase is followed while Activity shows it: the modal open on Activity,
 * with a purchase still pending. Closing the modal, leaving Activity or the last one settling stops it.
 */
export function followsPendingPurchases(state: { modalOpen: boolean; view: string; pending: readonly string[] }): boolean {
  return state.modalOpen && state.view === 'Activity' && state.pending.length > 0;
}
