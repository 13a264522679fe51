import type { CairnContext } from '../../context.ts';

/** The visitor left the Connecting view: its pairing attempt no longer drives the view. */
export function abandonWalletConnect(ctx: CairnContext): void {
  if (!ctx.walletConnect) return;
  ctx.walletConnect.attempt += 1;
  ctx.walletConnect.store.set({ status: 'idle', uri: undefined, error: undefined });
}
