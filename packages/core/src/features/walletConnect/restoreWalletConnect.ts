import type { CairnContext } from '../../context.ts';
import { attachWalletConnectSession } from './attachWalletConnectSession.ts';

/**
 * A reload with a WalletConnect connection remembered: loads the client, which finds the session
 * in the browser's storage (no new QR code), and reconnects every namespace it covers. Resolves
 * the number of namespaces restored; 0 when the session is gone (ended or expired meanwhile).
 */
export async function restoreWalletConnect(ctx: CairnContext): Promise<number> {
  if (!ctx.walletConnect) return 0;
  const client = await ctx.walletConnect.load();
  if (!client.session()) return 0;
  return attachWalletConnectSession(ctx, client, { restore: true });
}
