import { useState, type FormEvent } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** SPEC §4's e-mail update, first view: the new address; a code then goes to the current one. */
export default function UpdateEmailWalletView() {
  const cairn = useCairnInstance('UpdateEmailWalletView');
  const { t } = useT();
  const { emailUpdate } = useStoreState(cairn.stores.embeddedLogin);
  const [email, setEmail] = useState(emailUpdate?.newEmail ?? '');
  const busy = emailUpdate?.busy === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) cairn.updateEmail(email).catch((cause: unknown) => console.warn('[cairn] e-mail update', cause));
  };
  return (
    <form className="connecting login-otp" onSubmit={submit} data-state={busy ? 'pending' : emailUpdate?.error ? 'error' : 'idle'} noValidate>
      <label className="muted" htmlFor="cairn-new-email">
        {t('embeddedWallet.newEmail')}
      </label>
      <input
        id="cairn-new-email"
        className="login-input"
        type="email"
        autoComplete="email"
        value={email}
        disabled={busy}
        aria-invalid={emailUpdate?.error ? true : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {emailUpdate?.error && !busy && (
        <p className="error-text" role="alert">
          {t(emailUpdate.error)}
        </p>
      )}
      <div className="siwe-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || email.trim() === ''}>
          {t('embeddedWallet.continue')}
        </button>
      </div>
    </form>
  );
}
