// SPEC §5 and §9: e-mail login. The widget and the server apply the same rules.

/** SPEC §9: a new e-mail login may not start within 30 s of the last one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000;

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

/** SPEC §8: what the visitor reads while the cooldown lasts. */
export const emailLoginTooSoon = (seconds: number) => `Please try again after ${seconds} seconds`;

/** Whole seconds left of the cooldown after a login started at `lastStartedAt` (0: may start now). */
export function emailLoginSecondsLeft(lastStartedAt: number | undefined, now: number): number {
  if (lastStartedAt === undefined) return 0;
  const left = lastStartedAt + EMAIL_LOGIN_COOLDOWN_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
