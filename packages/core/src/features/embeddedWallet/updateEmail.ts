import type { CairnContext } from '../../context.ts';
import { errorMessage } from '../../errors.ts';
import { isValidEmail, normalizeEmail } from '../../rules/emailLogin.ts';
import { isEmailCode } from '../../rules/emailCode.ts';
import { AUTH_CONNECTOR_ID } from './authConnector.ts';
import { EmbeddedLoginText } from './embeddedLoginText.ts';
import type { EmailUpdateState } from './embeddedLogin.ts';
import { land } from '../../actions/land.ts';
import { requireEmbeddedWallet } from './embeddedWalletContext.ts';

const connectedByLogin = (ctx: CairnContext) => ctx.accounts.get('eip155')?.get().connectorId === AUTH_CONNECTOR_ID;

/** The Account view's way in: the form for the new address. */
export function openEmailUpdate(ctx: CairnContext): boolean {
  const { store } = requireEmbeddedWallet(ctx);
  if (!connectedByLogin(ctx)) return false;
  store.set({ emailUpdate: { step: 'new', busy: false } });
  land(ctx, { kind: 'emailUpdateStarted' });
  return true;
}

/**
 * SPEC §4, e-mail update: the frame mails a code to the current address for the new one; the
 * primary code view opens. Resolves true when the code was sent.
 */
export async function startEmailUpdate(ctx: CairnContext, email: string): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  const set = (update: EmailUpdateState) => store.set({ emailUpdate: update });
  const address = typeof email === 'string' ? normalizeEmail(email.trim()) : '';
  if (!connectedByLogin(ctx)) {
    set({ step: 'new', busy: false, error: EmbeddedLoginText.notEmbeddedWallet });
    return false;
  }
  if (!isValidEmail(address)) {
    set({ step: 'new', busy: false, error: EmbeddedLoginText.invalidEmail });
    return false;
  }
  if (store.get().emailUpdate?.busy) return false;
  set({ step: 'new', newEmail: address, busy: true });
  try {
    await (await load()).updateEmail(address);
  } catch (error) {
    set({ step: 'new', newEmail: address, busy: false, error: errorMessage(error, EmbeddedLoginText.sendFailed) });
    return false;
  }
  set({ step: 'primary', newEmail: address, busy: false });
  land(ctx, { kind: 'emailUpdateCodeSent', step: 'primary' });
  return true;
}

/**
 * The code of the step the update is at: the current address's code sends one to the new address;
 * the new address's code stores it, and the view goes back to Account. Resolves true when the step passed.
 */
export async function verifyEmailUpdateOtp(ctx: CairnContext, otp: string): Promise<boolean> {
  const { store, load } = requireEmbeddedWallet(ctx);
  const update = store.get().emailUpdate;
  if (!update || update.step === 'new' || !update.newEmail || update.busy) return false;
  const code = typeof otp === 'string' ? otp.replace(/\s+/g, '') : '';
  if (!isEmailCode(code)) {
    store.set({ emailUpdate: { ...update, error: EmbeddedLoginText.invalidOtp } });
    return false;
  }
  store.set({ emailUpdate: { ...update, busy: true, error: undefined } });
  try {
    const client = await load();
    if (update.step === 'primary') {
      await client.updateEmailPrimaryOtp(code);
      store.set({ emailUpdate: { step: 'secondary', newEmail: update.newEmail, busy: false } });
      land(ctx, { kind: 'emailUpdateCodeSent', step: 'secondary' });
      return true;
    }
    const email = await client.updateEmailSecondaryOtp(code);
    store.set({ email, emailUpdate: undefined });
    land(ctx, { kind: 'emailUpdated' });
    return true;
  } catch (error) {
    // A wrong code keeps the view for another try, with the frame's reason.
    store.set({ emailUpdate: { ...update, busy: false, error: errorMessage(error, EmbeddedLoginText.invalidOtp) } });
    return false;
  }
}
