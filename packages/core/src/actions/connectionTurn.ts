import type { CairnContext } from '../context.ts';

/**
 * Connecting and disconnecting each wait on a wallet, and a visitor does not wait with them: they
 * pick another wallet, or connect while a disconnect is still being answered. The change started
 * last is the one that stands; an older, slower one asks here whether it was overtaken and then
 * leaves the state alone.
 */
export interface ConnectionTurn {
  /** A change of who is connected started after this one. */
  overtaken(): boolean;
}

const latest = new WeakMap<CairnContext, number>();
const current = (ctx: CairnContext) => latest.get(ctx) ?? 0;

/** A connect or a disconnect: it overtakes every change started before it. */
export function takeConnectionTurn(ctx: CairnContext): ConnectionTurn {
  const turn = current(ctx) + 1;
  latest.set(ctx, turn);
  return { overtaken: () => current(ctx) !== turn };
}

/** The silent reconnect on page load: it gives way to any change started after it, and overtakes none. */
export function followConnectionTurns(ctx: CairnContext): ConnectionTurn {
  const seen = current(ctx);
  return { overtaken: () => current(ctx) !== seen };
}
