import type { CairnContext } from '../context.ts';
import type { StoredConnection } from '../storage.ts';

/**
 * SPEC §4: a remembered connection is a current one, so the widget shows "reconnecting" from the
 * start. Returns the remembered connections, most recently used first (none: nothing to restore).
 */
export function markReconnecting(ctx: CairnContext): StoredConnection[] {
  const stored = ctx.storage.get('connections') ?? [];
  if (stored.length === 0) return stored;
  ctx.connection.set({ status: 'reconnecting' });
  for (const { namespace, address } of stored) ctx.accounts.get(namespace)?.set({ status: 'reconnecting', ...(address ? { address } : {}) });
  return stored;
}
