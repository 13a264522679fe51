// The one-time code a login or e-mail change mails (SPEC §4 "one-time code"): one rule for the
// widget, the frame and the server, which makes the codes.

/** Digits in a code: 10^6 codes, with the server's 5 tries per attempt. */
export const EMAIL_CODE_DIGITS = 6;

/** The code's form as a JSON Schema / HTML `pattern` (the server's request schema). */
export const EMAIL_CODE_PATTERN = `^[0-9]{${EMAIL_CODE_DIGITS}}$`;

const EMAIL_CODE = new RegExp(EMAIL_CODE_PATTERN);

/** Whether `value` is a whole code: exactly the digits the server makes, nothing else. */
export function isEmailCode(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_CODE.test(value);
}

/** What a typed or pasted code reads as: its digits (spaces, dashes and the like dropped), at most a code's length. */
export function emailCodeFrom(input: string): string {
  return String(input).replace(/\D/g, '').slice(0, EMAIL_CODE_DIGITS);
}
