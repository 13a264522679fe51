import type { CairnContext } from '../../context.ts';
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnector.ts';
import { clearConnection } from '../../actions/clearConnection.ts';

/**
 * SPEC §4: disconnecting a WalletConnect connection ends the session for every namespace that
 * uses it. The adapters stop routing calls to it. A relay that cannot be reached does not keep the
 * visitor connected: the session ends here, and the wallet sees it expire.
 */
export async function endWalletConnectSession(ctx: CairnContext): Promise<void> {
  if (!ctx.walletConnect) return;
  try {
    const client = await ctx.walletConnect.load();
    await client.disconnect();
  } catch (error) {
    console.warn('[cairn] could not tell the wallet that the WalletConnect session ended', error);
  } finally {
    detachWalletConnect(ctx);
  }
}

/** Undoes whatever an approved session had set up: the adapters' routing and the connections made. */
export function dropWalletConnectConnection(ctx: CairnContext): void {
  detachWalletConnect(ctx);
  for (const account of ctx.accounts.values()) {
    if (account.get().connectorId === WALLET_CONNECT_CONNECTOR_ID) clearConnection(ctx, account.get().namespace);
  }
}

export function detachWalletConnect(ctx: CairnContext): void {
  for (const adapter of ctx.options.adapters) {
    adapter.setRemoteProvider?.({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: adapter.namespace }, undefined);
  }
  ctx.walletConnect?.store.set({ status: 'idle', uri: undefined, links: [], error: undefined });
}
