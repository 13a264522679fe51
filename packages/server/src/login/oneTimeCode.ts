import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Digits in a one-time code: 10^6 codes, with 5 tries per code (LOGIN_CODE_ATTEMPTS). */
export const CODE_DIGITS = 6;

/** A one-time code from the operating system's CSPRNG, zero-padded. */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/**
 * The stored form of a code: an HMAC under the server's login secret, bound to what the code is
 * for. A copy of the database alone cannot try the million codes offline.
 */
export function oneTimeCodeHash(secret: Uint8Array, purpose: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A login token: 256 random bits, base64url. */
export function newLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

export function loginTokenHash(secret: Uint8Array, token: string): string {
  return createHmac('sha256', secret).update(`login-token\n${token}`).digest('hex');
}
