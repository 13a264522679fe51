import type { CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { isSocialLoginProvider, type SocialLoginProvider } from '../../rules/socialLogin.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { land } from '../../actions/land.ts';
import { finishEmbeddedLogin } from './finishEmbeddedLogin.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';

/** The window the click opened (blank, so the browser lets it open); the flow points it at the provider. */
export interface SocialPopup {
  readonly closed: boolean;
  location: { href: string };
  close(): void;
}


/**
 * SPEC §5: a social login in a popup: the frame gives the provider's page (PKCE, state and nonce
 * are the frame's and the server's), the visitor signs in there, and the frame finishes the login
 * and opens the wallet. 'Authenticating...' shows meanwhile. Resolves true when connected.
 */
export async function startSocialLogin(ctx: CairnContext, provider: SocialLoginProvider, popup: SocialPopup | undefined): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  if (!isSocialLoginProvider(provider) || !ctx.options.features.socials.includes(provider)) {
    popup?.close();
    store.set({ status: 'failed', error: EmbeddedLoginText.socialNotAllowed });
    return false;
  }
  store.set({ status: 'social', provider, email: undefined, error: undefined });
  land(ctx, { kind: 'socialLoginStarted' });
  if (!popup) {
    store.set({ status: 'failed', error: EmbeddedLoginText.popupBlocked });
    return false;
  }
  ctx.events.emit('SELECT_WALLET', { name: provider, connectorId: AUTH_CONNECTOR_ID });
  try {
    const client = await load();
    const uri = await client.socialRedirectUri(provider);
    if (popup.closed) throw new Error(EmbeddedLoginText.socialFailed);
    popup.location.href = uri;
    await client.connectSocial(provider);
  } catch (error) {
    if (!popup.closed) popup.close();
    store.set({ status: 'failed', error: errorMessage(error, EmbeddedLoginText.socialFailed) });
    ctx.events.emit('CONNECT_ERROR', { name: provider, connectorId: AUTH_CONNECTOR_ID, message: errorMessage(error, EmbeddedLoginText.socialFailed) });
    return false;
  }
  if (!popup.closed) popup.close();
  return finishEmbeddedLogin(ctx, provider);
}
