import type { CairnContext } from '../../context.ts';
import { disconnect } from '../../actions/disconnect.ts';
import { land } from '../../actions/land.ts';

export type CancelSignInReturnType = void;

/** SPEC §4: cancel disconnects when sign-in is required, otherwise just closes; then the view resets to Connect. */
export async function cancelSignIn(ctx: CairnContext): Promise<CancelSignInReturnType> {
  ctx.siwx.set({ status: 'idle', error: undefined });
  if (ctx.options.siwx?.required) await disconnect(ctx);
  land(ctx, { kind: 'signInCancelled' });
}
