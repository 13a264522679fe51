import type { CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';

/**
 * The visitor takes the frame wallet's key out. The frame asks for the recovery factor and shows
 * the phrase on its own screen (hosted by ApproveTransaction); the site never sees it. Resolves
 * true when the visitor closed that screen; the frame's reason (an old login, say) otherwise.
 */
export async function exportEmbeddedWallet(ctx: CairnContext): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  if (ctx.accounts.get('eip155')?.get().connectorId !== AUTH_CONNECTOR_ID) return false;
  store.set({ error: undefined });
  try {
    await (await load()).exportWallet();
    return true;
  } catch (error) {
    store.set({ error: errorMessage(error) });
    return false;
  }
}
