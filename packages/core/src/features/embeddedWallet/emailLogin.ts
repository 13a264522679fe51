import type { CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { isValidEmail, normalizeEmail } from '../../rules/emailLogin.ts';
import { isEmailCode } from '../../rules/emailCode.ts';
import { emailLoginThrottleError } from '../../rules/emailLoginThrottle.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { land } from '../../actions/land.ts';
import { shakeModal } from '../../actions/modal.ts';
import { finishEmbeddedLogin } from './finishEmbeddedLogin.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';


/**
 * SPEC §4/§5: asks the frame to e-mail a one-time code, not within 30 s of the last login started
 * here (the server enforces the same); the OTP view opens. Resolves true when a code was sent.
 */
export async function startEmailLogin(ctx: CairnContext, email: string): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  const address = typeof email === 'string' ? normalizeEmail(email.trim()) : '';
  if (!isValidEmail(address)) {
    store.set({ status: 'failed', error: EmbeddedLoginText.invalidEmail });
    return false;
  }
  const tooSoon = emailLoginThrottleError(store.get().emailStartedAt, ctx.now());
  if (tooSoon) {
    store.set({ status: 'failed', error: tooSoon });
    return false;
  }
  store.set({ status: 'sending', email: address, provider: undefined, error: undefined, emailStartedAt: ctx.now() });
  ctx.events.emit('SELECT_WALLET', { name: 'Email', connectorId: AUTH_CONNECTOR_ID });
  try {
    const client = await load();
    const { action } = await client.connectEmail(address);
    // A frame that asks to confirm the device first: it does so, then the code follows.
    if (action === 'VERIFY_DEVICE') await client.connectDevice();
    store.set({ status: 'otp' });
    land(ctx, { kind: 'emailCodeSent' });
    return true;
  } catch (error) {
    store.set({ status: 'failed', error: errorMessage(error, EmbeddedLoginText.sendFailed) });
    return false;
  }
}

/** Checks the code in the frame, which then opens (or makes, or recovers) the wallet. Resolves true when connected. */
export async function verifyEmailOtp(ctx: CairnContext, otp: string): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  const code = typeof otp === 'string' ? otp.replace(/\s+/g, '') : '';
  if (!isEmailCode(code)) {
    store.set({ error: EmbeddedLoginText.invalidOtp });
    return false;
  }
  if (store.get().status === 'verifying' || store.get().status === 'authenticating') return false;
  store.set({ status: 'verifying', error: undefined });
  try {
    const client = await load();
    await client.connectOtp(code);
  } catch (error) {
    // A wrong code leaves the view for another try; the frame says why (tries left, expired).
    store.set({ status: 'otp', error: errorMessage(error, EmbeddedLoginText.invalidOtp) });
    shakeModal(ctx);
    return false;
  }
  return finishEmbeddedLogin(ctx, 'Email');
}
