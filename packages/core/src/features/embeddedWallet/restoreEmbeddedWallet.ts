import { activeAccount, type CairnContext } from '../../context.ts';
import { attachEmbeddedWallet } from './attachEmbeddedWallet.ts';

/**
 * A reload with a frame login remembered: the frame reopens the wallet from its own storage (no new
 * code), and the EVM adapter reads its account silently. Resolves false when the frame is not
 * logged in any more (SPEC §4: the check clears the remembered login).
 */
export async function restoreEmbeddedWallet(ctx: CairnContext): Promise<boolean> {
  if (!ctx.embeddedWallet) return false;
  const client = await ctx.embeddedWallet.load();
  if (!(await client.isConnected())) {
    ctx.storage.remove('connectedSocial');
    return false;
  }
  if (!(await attachEmbeddedWallet(ctx, client, { restore: true }))) return false;
  const socialProvider = ctx.storage.get('connectedSocial');
  if (socialProvider) activeAccount(ctx).set({ socialProvider });
  return true;
}
