import type { CairnContext } from '../../context.ts';
import { closeModal } from '../modal.ts';
import { disconnect } from '../disconnect.ts';

/** SPEC §4: cancel disconnects when sign-in is required, otherwise just closes; then the view resets to Connect. */
export async function cancelSignIn(ctx: CairnContext): Promise<void> {
  ctx.siwx.set({ status: 'idle', error: undefined });
  if (ctx.options.siwx?.required) await disconnect(ctx);
  else closeModal(ctx, { force: true });
  ctx.router.reset('Connect');
}
