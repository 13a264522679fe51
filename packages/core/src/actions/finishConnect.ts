import type { CairnContext } from '../context.ts';
import { checkSignIn } from '../features/siwx/checkSignIn.ts';
import { land } from './land.ts';

/**
 * Where a fresh connection lands: UnsupportedChain if that rule fired, else the sign view when
 * sign-in is needed, else the modal closes on Account (if it is still the visit the connection
 * started in, `flow`).
 */
export async function finishConnect(ctx: CairnContext, flow?: { modalVisit: number }): Promise<void> {
  if (ctx.router.current().view === 'UnsupportedChain') return;
  if (await checkSignIn(ctx)) return;
  land(ctx, { kind: 'connected' }, flow);
}
