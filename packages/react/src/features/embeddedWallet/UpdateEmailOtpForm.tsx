import { isEmailCode } from '@cairn/core/rules';
import { useState, type FormEvent } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';
import { OneTimeCodeField } from '../../components/OneTimeCodeField.tsx';

/** A code of SPEC §4's e-mail update (the current address's or the new one's); a full code is checked at once. */
export function UpdateEmailOtpForm({ intro }: { intro: string }) {
  const cairn = useCairnInstance('UpdateEmailOtpForm');
  const { t } = useT();
  const { emailUpdate } = useStoreState(cairn.stores.embeddedLogin);
  const [code, setCode] = useState('');
  const busy = emailUpdate?.busy === true;
  const verify = (value: string) => {
    if (!busy) cairn.verifyEmailUpdateOtp(value).catch((cause: unknown) => console.warn('[cairn] e-mail update', cause));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify(code);
  };
  return (
    <form className="connecting login-otp" onSubmit={submit} data-state={busy ? 'pending' : emailUpdate?.error ? 'error' : 'idle'} noValidate>
      <p className="muted">{intro}</p>
      <OneTimeCodeField
        id="cairn-update-otp"
        code={code}
        busy={busy}
        invalid={Boolean(emailUpdate?.error)}
        onCode={(digits, complete) => {
          setCode(digits);
          if (complete) verify(digits);
        }}
      />
      {emailUpdate?.error && !busy && (
        <p className="error-text" role="alert">
          {t(emailUpdate.error)}
        </p>
      )}
      <div className="siwe-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || !isEmailCode(code)}>
          {t('embeddedWallet.continue')}
        </button>
      </div>
    </form>
  );
}
