import { adapterFor, type CairnContext } from '../../context.ts';
import { AUTH_NAMESPACES, authConnector } from './authConnector.ts';

/** Disconnecting the login signs out in the frame (its wallet closes there too) and detaches the provider. */
export async function endEmbeddedWallet(ctx: CairnContext): Promise<void> {
  if (!ctx.embeddedWallet) return;
  const client = await ctx.embeddedWallet.load();
  await client.signOut();
  adapterFor(ctx, 'eip155').setRemoteProvider?.(authConnector('eip155'), undefined);
  for (const namespace of AUTH_NAMESPACES.filter((candidate) => candidate !== 'eip155')) {
    ctx.options.adapters.find((adapter) => adapter.namespace === namespace)?.setRemoteProvider?.(authConnector(namespace), undefined);
  }
  ctx.storage.remove('connectedSocial');
  ctx.embeddedWallet.store.set({ status: 'idle', email: undefined, provider: undefined, error: undefined });
}
