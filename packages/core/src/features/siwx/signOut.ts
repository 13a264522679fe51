import type { CairnContext } from '../../context.ts';

/** Ends the sign-in session here and on the backend (best effort: the visitor is leaving anyway). */
export async function signOut(ctx: CairnContext): Promise<void> {
  const stored = ctx.storage.get('siwxSession');
  const hadSession = stored !== undefined || ctx.siwx.get().session !== undefined;
  ctx.storage.remove('siwxSession');
  ctx.siwx.set({ status: 'idle', session: undefined, error: undefined });
  if (!ctx.siwxBackend || !hadSession) return;
  try {
    await ctx.siwxBackend.signOut();
  } catch (error) {
    console.warn('[cairn] sign-out request failed', error);
  }
}
