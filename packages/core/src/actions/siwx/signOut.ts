import type { CairnContext } from '../../context.ts';
import { clearSessionToken, readSessionToken } from '../../siwx/sessionToken.ts';

/** Ends the sign-in session here and on the server (best effort: the visitor is leaving anyway). */
export async function signOut(ctx: CairnContext): Promise<void> {
  const stored = ctx.storage.get('siwxSession');
  const token = readSessionToken();
  const hadSession = stored !== undefined || ctx.siwx.get().session !== undefined;
  ctx.storage.remove('siwxSession');
  clearSessionToken();
  ctx.siwx.set({ status: 'idle', session: undefined, error: undefined });
  if (!ctx.auth || !hadSession) return;
  try {
    await ctx.auth.signOut(token);
  } catch (error) {
    console.warn('[cairn] sign-out request failed', error);
  }
}
