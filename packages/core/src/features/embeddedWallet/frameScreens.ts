import type { CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import type { EmbeddedWalletClient } from './embeddedWalletPlugin.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';

/**
 * A screen of the frame's own for the frame wallet (hosted by ApproveTransaction; the site never
 * sees what it shows): resolves true when the visitor closed it; false, with the frame's reason (an
 * old login, say) in the store, otherwise, or when no frame wallet is connected.
 */
async function frameScreen(ctx: CairnContext, ask: (client: EmbeddedWalletClient) => Promise<void>): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  if (ctx.accounts.get('eip155')?.get().connectorId !== AUTH_CONNECTOR_ID) return false;
  store.set({ error: undefined });
  try {
    await ask(await load());
    return true;
  } catch (error) {
    store.set({ error: errorMessage(error) });
    return false;
  }
}

/** The visitor takes the frame wallet's key out: the frame asks for the recovery factor and shows the phrase. */
export const exportEmbeddedWallet = (ctx: CairnContext) => frameScreen(ctx, (client) => client.exportWallet());

/**
 * The frame wallet's devices (session 21, Cairn's own: SPEC has no such view): the frame lists them,
 * removes a lost one with the wallet key's proof, and approves a new one by the code it shows.
 */
export const manageEmbeddedDevices = (ctx: CairnContext) => frameScreen(ctx, (client) => client.manageDevices());
