import type { CairnContext } from '../../context.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from '../../walletConnect/walletConnectConnector.ts';

/**
 * SPEC §4: disconnecting a WalletConnect connection ends the session for every namespace that
 * uses it. The adapters stop routing calls to it.
 */
export async function endWalletConnectSession(ctx: CairnContext): Promise<void> {
  if (!ctx.walletConnect) return;
  const client = await ctx.walletConnect.load();
  await client.disconnect();
  detachWalletConnect(ctx);
}

export function detachWalletConnect(ctx: CairnContext): void {
  for (const adapter of ctx.options.adapters) {
    adapter.setRemoteProvider?.({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: adapter.namespace }, undefined);
  }
  ctx.walletConnect?.store.set({ status: 'idle', uri: undefined, error: undefined, basic: false });
}
