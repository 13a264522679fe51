import type { CairnContext } from './context.ts';

const pending = new WeakMap<CairnContext, () => void>();

/**
 * Issue 29: the adapters' set-up (EIP-6963's request and the wallets' answers, a wallet
 * standard's registry) is no part of the button's first paint. `setUp` runs once: when
 * `schedule` fires (after the first paint), or earlier when something needs the wallets
 * (`ensureAdaptersSetUp`: the modal opening, the button hovered, any action). Returns a cancel
 * of the pending set-up.
 */
export function deferAdapterSetup(ctx: CairnContext, setUp: () => void, schedule: (run: () => void) => () => void): () => void {
  const run = () => {
    if (pending.delete(ctx)) setUp();
  };
  pending.set(ctx, run);
  const cancel = schedule(run);
  return () => {
    pending.delete(ctx);
    cancel();
  };
}

/** Sets the adapters up now if their deferred set-up has not run yet. */
export const ensureAdaptersSetUp = (ctx: CairnContext): void => pending.get(ctx)?.();
