// SPEC §5: e-mail payloads must be valid e-mails. The widget, the frame and the server apply the
// same rule (the 30 s throttle is rules/emailLoginThrottle.ts).

/** RFC 5321's longest path; anything longer cannot be delivered. */
const MAX_EMAIL_LENGTH = 254;
// A pragmatic address: one @, a local part without spaces or quotes, a domain of DNS labels with a dot.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** SPEC §5: e-mail payloads must be valid e-mails. */
export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value) && !value.includes('..');
}

/** The form an address is stored and compared in: trimmed and lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
