import type { CairnContext } from '../context.ts';

/** The status the accounts add up to once no attempt is under way: connected while any namespace is. */
export function settledStatus(ctx: CairnContext): 'connected' | 'disconnected' {
  return [...ctx.accounts.values()].some((account) => account.get().status === 'connected') ? 'connected' : 'disconnected';
}
