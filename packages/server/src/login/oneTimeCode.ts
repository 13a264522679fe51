import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_DIGITS } from '@cairn/core/internal';

/** A one-time code from the operating system's CSPRNG, zero-padded to core's length (the rule the widget and the frame check). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, '0');
}

/**
 * An HMAC under the server's login secret of a labelled value: what the database keeps of codes,
 * attempt ids and tokens, so a copy of it alone can neither try the million codes offline nor
 * present an id or a token.
 */
export function keyedHash(secret: Uint8Array, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('hex');
}

/** The stored form of a code: bound to what it is for, the address and the attempt that asked for it. */
export function oneTimeCodeHash(secret: Uint8Array, purpose: string, email: string, attemptHash: string, code: string): string {
  return keyedHash(secret, purpose, email, attemptHash, code);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** 256 random bits, base64url (43 characters): a login token or an e-mail attempt id. */
export function newSecretId(): string {
  return randomBytes(32).toString('base64url');
}

/** A login token: 256 random bits, base64url. */
export const newLoginToken = newSecretId;

export function loginTokenHash(secret: Uint8Array, token: string): string {
  return keyedHash(secret, 'login-token', token);
}
