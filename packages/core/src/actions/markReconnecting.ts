import type { CairnContext } from '../context.ts';
import type { StoredConnection } from '../storage.ts';

/**
 * SPEC §4: a remembered connection is a current one, so the widget shows "reconnecting" from the
 * start; with none, the status is "connecting" while the reconnect pass runs (in a browser: a
 * server has no wallet to try, and renders what the browser hydrates). Returns the remembered
 * connections, most recently used first (none: nothing to restore).
 */
export function markReconnecting(ctx: CairnContext): StoredConnection[] {
  const stored = ctx.storage.get('connections') ?? [];
  if (stored.length === 0) {
    if (typeof window !== 'undefined') ctx.connection.set({ status: 'connecting' });
    return stored;
  }
  ctx.connection.set({ status: 'reconnecting' });
  for (const { namespace, address } of stored) ctx.accounts.get(namespace)?.set({ status: 'reconnecting', ...(address ? { address } : {}) });
  return stored;
}

/**
 * SPEC §4: the reconnect pass found nothing to restore: disconnected, unless the visitor has
 * meanwhile picked a wallet (that connection's own status stands).
 */
export function endEmptyReconnect(ctx: CairnContext): void {
  const { status, connecting } = ctx.connection.get();
  if (status === 'connecting' && !connecting) ctx.connection.set({ status: 'disconnected' });
}
