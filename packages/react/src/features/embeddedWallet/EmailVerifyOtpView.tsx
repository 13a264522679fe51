import { ErrorText } from '@cairn/core';
import { isEmailCode } from '@cairn/core/rules';
import { useState, type FormEvent } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';
import { OneTimeCodeField } from '../../components/OneTimeCodeField.tsx';

/** The one-time code from the e-mail; a full code is checked at once. 'Authenticating...' while the frame opens the wallet. */
export default function EmailVerifyOtpView() {
  const cairn = useCairnInstance('EmailVerifyOtpView');
  const { t } = useT();
  const login = useStoreState(cairn.stores.embeddedLogin);
  const [code, setCode] = useState('');
  const busy = login.status === 'verifying' || login.status === 'authenticating';
  const report = (cause: unknown) => console.warn('[cairn] e-mail login', cause);
  const verify = (value: string) => {
    if (!busy) cairn.verifyEmailOtp(value).catch(report);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify(code);
  };
  return (
    <form className="connecting login-otp" onSubmit={submit} data-state={busy ? 'pending' : login.error ? 'error' : 'idle'} noValidate>
      <p className="headline">{t('embeddedWallet.enterTheCode')}</p>
      <p className="muted">{t('embeddedWallet.weSentACode', { email: login.email ?? '' })}</p>
      <OneTimeCodeField
        id="cairn-otp"
        code={code}
        busy={busy}
        invalid={Boolean(login.error)}
        onCode={(digits, complete) => {
          setCode(digits);
          if (complete) verify(digits);
        }}
      />
      {login.error && !busy && (
        <p className="error-text" role="alert">
          {t(login.error)}
        </p>
      )}
      {busy && (
        <p className="muted" role="status">
          {t(ErrorText.authenticating)}
        </p>
      )}
      <div className="siwe-actions">
        <button type="button" className="btn btn-secondary" aria-disabled={busy} onClick={() => void (!busy && login.email && cairn.loginWithEmail(login.email).catch(report))}>
          {t('embeddedWallet.resendCode')}
        </button>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || !isEmailCode(code)}>
          {t('embeddedWallet.continue')}
        </button>
      </div>
    </form>
  );
}
