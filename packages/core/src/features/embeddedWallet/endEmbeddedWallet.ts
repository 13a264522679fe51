import type { CairnContext } from '../../context.ts';
import { ofNamespace } from '../../namespaces.ts';
import { AUTH_NAMESPACES, authConnector } from './authConnector.ts';

/** Disconnecting the login signs out in the frame (its wallet closes there too) and detaches the provider. */
export async function endEmbeddedWallet(ctx: CairnContext): Promise<void> {
  if (!ctx.embeddedWallet) return;
  const client = await ctx.embeddedWallet.load();
  await client.signOut();
  for (const namespace of AUTH_NAMESPACES) {
    for (const adapter of ofNamespace(ctx.options.adapters, namespace)) adapter.setRemoteProvider?.(authConnector(namespace), undefined);
  }
  ctx.storage.remove('connectedSocial');
  ctx.embeddedWallet.store.set({ status: 'idle', email: undefined, provider: undefined, error: undefined });
}
