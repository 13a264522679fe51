import { activeAccount, type CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';
import { land } from '../../actions/land.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';
import { finishEmbeddedLogin } from './finishEmbeddedLogin.ts';

const FARCASTER = 'farcaster';

/**
 * SPEC §2's ConnectingFarcaster (issue 27): the frame opens a Sign In With Farcaster channel on the
 * site's server and gives its link, which the view shows as a QR code and a link; the visitor signs
 * in their Farcaster app; the frame has the server check the signature against the ID registry and
 * opens the wallet, like any social login's. Resolves true when connected. The link is SPEC §3's
 * account-state `farcasterUrl` (of the namespace active when the login began), there while it can be used.
 */
export async function startFarcasterLogin(ctx: CairnContext): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  if (!ctx.options.features.socials.includes(FARCASTER)) {
    store.set({ status: 'failed', error: EmbeddedLoginText.socialNotAllowed });
    return false;
  }
  const account = activeAccount(ctx);
  store.set({ status: 'farcaster', provider: FARCASTER, email: undefined, error: undefined });
  account.set({ farcasterUrl: undefined });
  land(ctx, { kind: 'farcasterLoginStarted' });
  ctx.events.emit('SELECT_WALLET', { name: FARCASTER, connectorId: AUTH_CONNECTOR_ID });
  try {
    const client = await load();
    if (!client.farcasterUri || !client.connectFarcaster) throw new Error(EmbeddedLoginText.farcasterFailed);
    account.set({ farcasterUrl: await client.farcasterUri() });
    await client.connectFarcaster();
  } catch (error) {
    const message = errorMessage(error, EmbeddedLoginText.farcasterFailed);
    account.set({ farcasterUrl: undefined });
    store.set({ status: 'failed', error: message });
    ctx.events.emit('CONNECT_ERROR', { name: FARCASTER, connectorId: AUTH_CONNECTOR_ID, message });
    return false;
  }
  account.set({ farcasterUrl: undefined });
  return finishEmbeddedLogin(ctx, FARCASTER);
}
