import { hkdf } from '@noble/hashes/hkdf';
import { scryptAsync } from '@noble/hashes/scrypt';
import { sha256 } from '@noble/hashes/sha2';
import * as v from 'valibot';
import { buffer, fromBase64url, toBase64url, utf8 } from './encoding.ts';
import { CustodyError, CustodyErrorText } from './errors.ts';
import { parseRecoveryCode } from './recoveryCode.ts';

/** The factor that only the user holds. The server never sees it, nor anything derived from it. */
export type RecoveryFactor = { kind: 'passphrase'; passphrase: string } | { kind: 'code'; code: string };

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt setting (2^17, 8, 1: 128 MiB, about a second per guess on a laptop). */
export const SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };
// A blob comes back from the server: these bound what it can make the frame spend, and refuse a weak one.
const MIN_LOG_N = 15;
const MAX_LOG_N = 20;
export const MIN_PASSPHRASE_LENGTH = 12;

const base64url = v.pipe(v.string(), v.maxLength(512), v.regex(/^[A-Za-z0-9_-]*$/));

/** The recovery share, encrypted in the browser under the user's factor; the server stores this as is. */
export const RecoveryBlobSchema = v.strictObject({
  v: v.literal(1),
  kind: v.picklist(['passphrase', 'code']),
  salt: base64url,
  scrypt: v.optional(v.strictObject({ N: v.pipe(v.number(), v.integer()), r: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)), p: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)) })),
  iv: base64url,
  ciphertext: base64url,
});
export type RecoveryBlob = v.InferOutput<typeof RecoveryBlobSchema>;

async function factorKey(factor: RecoveryFactor, salt: Uint8Array, scrypt: ScryptParameters | undefined): Promise<CryptoKey> {
  let raw: Uint8Array;
  if (factor.kind === 'passphrase') {
    if (!scrypt) throw new CustodyError(CustodyErrorText.malformedRecoveryBlob);
    const logN = Math.log2(scrypt.N);
    if (!Number.isInteger(logN) || logN < MIN_LOG_N || logN > MAX_LOG_N) throw new CustodyError(CustodyErrorText.weakScryptParameters);
    raw = await scryptAsync(utf8(factor.passphrase.normalize('NFKC')), salt, { ...scrypt, dkLen: 32, maxmem: 2 ** 31 });
  } else {
    // 128 bits from a CSPRNG need no stretching; HKDF only separates this key from any other use.
    raw = hkdf(sha256, parseRecoveryCode(factor.code), salt, 'cairn-recovery-code:v1', 32);
  }
  const key = await crypto.subtle.importKey('raw', buffer(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
  raw.fill(0);
  return key;
}

const aad = (address: string, kind: RecoveryFactor['kind']) => buffer(utf8(`cairn-recovery-share:v1:${address.toLowerCase()}:${kind}`));

export async function sealRecoveryShare(
  share: Uint8Array,
  factor: RecoveryFactor,
  address: string,
  scrypt: ScryptParameters = SCRYPT_PARAMETERS,
): Promise<RecoveryBlob> {
  if (factor.kind === 'passphrase' && [...factor.passphrase.normalize('NFKC')].length < MIN_PASSPHRASE_LENGTH) {
    throw new CustodyError(CustodyErrorText.passphraseTooShort);
  }
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const parameters = factor.kind === 'passphrase' ? { ...scrypt } : undefined;
  const key = await factorKey(factor, salt, parameters);
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buffer(iv), additionalData: aad(address, factor.kind) }, key, buffer(share));
  return {
    v: 1,
    kind: factor.kind,
    salt: toBase64url(salt),
    ...(parameters ? { scrypt: parameters } : {}),
    iv: toBase64url(iv),
    ciphertext: toBase64url(new Uint8Array(ciphertext)),
  };
}

/** Throws 'Wrong passphrase or recovery code' when the factor does not open the blob (AES-GCM's tag fails). */
export async function openRecoveryShare(blob: unknown, factor: RecoveryFactor, address: string): Promise<Uint8Array> {
  const parsed = v.safeParse(RecoveryBlobSchema, blob);
  if (!parsed.success) throw new CustodyError(CustodyErrorText.malformedRecoveryBlob);
  const { kind, salt, scrypt, iv, ciphertext } = parsed.output;
  if (kind !== factor.kind) throw new CustodyError(CustodyErrorText.wrongRecoveryFactor);
  const key = await factorKey(factor, fromBase64url(salt), scrypt);
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buffer(fromBase64url(iv)), additionalData: aad(address, kind) }, key, buffer(fromBase64url(ciphertext)));
    return new Uint8Array(plain);
  } catch {
    throw new CustodyError(CustodyErrorText.wrongRecoveryFactor);
  }
}
