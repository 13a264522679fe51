import { EMAIL_CODE_DIGITS, emailCodeFrom, isEmailCode } from '@cairn/core/rules';
import { useT } from '../i18n/useT.ts';

interface OneTimeCodeFieldProps {
  id: string;
  code: string;
  busy: boolean;
  invalid: boolean;
  /** Each change, as digits only; `complete` once it is a whole code (checked at once). */
  onCode(code: string, complete: boolean): void;
}

/** The field for a code mailed to the visitor: digits only, as many as the server sends. */
export function OneTimeCodeField({ id, code, busy, invalid, onCode }: OneTimeCodeFieldProps) {
  const { t } = useT();
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {t('oneTimeCode.oneTimeCode')}
      </label>
      <input
        id={id}
        className="login-input otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={EMAIL_CODE_DIGITS}
        value={code}
        disabled={busy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const digits = emailCodeFrom(event.target.value);
          onCode(digits, isEmailCode(digits));
        }}
      />
    </>
  );
}
