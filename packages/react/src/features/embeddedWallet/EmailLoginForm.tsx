import { useState, type FormEvent } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** Connect's e-mail field: the frame e-mails a one-time code, and the OTP view opens. */
export function EmailLoginForm() {
  const cairn = useCairnInstance('EmailLoginForm');
  const { t } = useT();
  const login = useStoreState(cairn.stores.embeddedLogin);
  const [email, setEmail] = useState(login.email ?? '');
  const sending = login.status === 'sending';
  const error = login.status === 'failed' && login.provider === undefined ? login.error : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) cairn.loginWithEmail(email).catch((cause: unknown) => console.warn('[cairn] e-mail login', cause));
  };
  return (
    <form className="login-email" onSubmit={submit} noValidate>
      <label className="sr-only" htmlFor="cairn-email">
        {t('embeddedWallet.email')}
      </label>
      <div className="login-email-row">
        <input
          id="cairn-email"
          className="login-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('embeddedWallet.email')}
          value={email}
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cairn-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" aria-disabled={sending || email.trim() === ''}>
          {sending ? t('embeddedWallet.sending') : t('embeddedWallet.continue')}
        </button>
      </div>
      {error && (
        <p id="cairn-email-error" className="error-text" role="alert">
          {t(error)}
        </p>
      )}
    </form>
  );
}
