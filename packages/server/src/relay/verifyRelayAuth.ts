import { decodeIss, decodeJWT, verifyJWT } from '@walletconnect/relay-auth';
import { isCanonicalEd25519Signature, isStrongEd25519PublicKey } from '../auth/strongEd25519.ts';
import { RELAY_ERRORS } from './relayErrors.ts';

export type RelayAuth = { ok: true; clientId: string } | { ok: false; reason: string };

/** A client's JWT may say it was issued this far ahead of the relay's clock. */
const CLOCK_SKEW_SECONDS = 60;
const MAX_JWT_CHARS = 4096;
/** The furthest a JavaScript Date reaches either side of 1970 (ECMA-262, "Time Values and Time Range"), in seconds. */
const MAX_DATE_SECONDS = 8.64e12;

function isDateInRange(seconds: number): boolean {
  return Number.isFinite(seconds) && Math.abs(seconds) <= MAX_DATE_SECONDS;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the `auth` JWT a WalletConnect client connects with (@walletconnect/core's
 * crypto.signJWT: EdDSA over its did:key, `sub` random, `aud` the relay URL it was given, a day's
 * `exp`): the signature with @walletconnect/relay-auth's verifyJWT, then `exp` and `iat` against
 * `nowMs`. The client id is its `iss` (did:key:z…). `aud` is not compared with our URL: behind a
 * proxy the relay does not know the URL its clients were given.
 */
export async function verifyRelayAuth(token: string | undefined, nowMs: number): Promise<RelayAuth> {
  if (token === undefined || token === '') return { ok: false, reason: RELAY_ERRORS.missingAuth };
  const refuse = (why: string): RelayAuth => ({ ok: false, reason: RELAY_ERRORS.invalidAuth(why) });
  if (token.length > MAX_JWT_CHARS) return refuse(`longer than ${MAX_JWT_CHARS} characters`);
  if (token.split('.').length !== 3) return refuse('not a JWT (header.payload.signature)');
  let header: unknown;
  let payload: unknown;
  let signature: Uint8Array;
  try {
    ({ header, payload, signature } = decodeJWT(token));
  } catch {
    return refuse('not a JWT (header.payload.signature)');
  }
  if (!isRecord(header) || !isRecord(payload)) return refuse('header and payload must be base64url JSON objects');
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') return refuse('must use alg EdDSA, typ JWT');
  const { iss, sub, aud, iat, exp } = payload;
  if (typeof iss !== 'string') return refuse('iss is missing');
  let key: Uint8Array;
  try {
    key = decodeIss(iss);
  } catch {
    return refuse('iss must be an Ed25519 did:key');
  }
  // verifyJWT's ed25519 takes R = identity, S = 0 for any text under a small-order key: such an
  // iss would be a client id anyone can connect as.
  if (!isStrongEd25519PublicKey(key)) return refuse('iss is not a key anyone holds (a small-order or non-canonical Ed25519 key)');
  if (!isCanonicalEd25519Signature(signature)) return refuse('signature is not a canonical Ed25519 signature');
  if (typeof sub !== 'string' || typeof aud !== 'string') return refuse('sub and aud must be strings');
  if (typeof iat !== 'number' || typeof exp !== 'number') return refuse('iat and exp must be numbers (seconds)');
  // Checked before any use: JSON gives 1e400 as Infinity, and new Date() of a time outside its
  // range is Invalid Date, whose toISOString() throws.
  if (!isDateInRange(iat) || !isDateInRange(exp)) return refuse(`iat and exp must be times in seconds within ±${MAX_DATE_SECONDS}`);
  const nowSeconds = nowMs / 1000;
  if (exp <= nowSeconds) return refuse(`expired at ${new Date(exp * 1000).toISOString()}`);
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return refuse('iat is in the future');
  let valid = false;
  try {
    valid = await verifyJWT(token);
  } catch {
    valid = false;
  }
  if (!valid) return refuse('signature does not verify');
  return { ok: true, clientId: iss };
}
