import { ed25519 } from '@noble/curves/ed25519';

const { ExtendedPoint: Point } = ed25519;

export const NOT_CANONICAL_SIGNATURE_ERROR = 'Signature is not a canonical ed25519 signature (R must be a canonical point of large order, S below the group order)';
const GROUP_ORDER = ed25519.CURVE.n;

/** The point a 32-byte encoding names, read as RFC 8032 does (y below p, no "-0"); undefined when it names none. */
function canonicalPoint(bytes: Uint8Array): InstanceType<typeof Point> | undefined {
  if (bytes.length !== 32) return undefined;
  try {
    // fromHex reads strictly unless told to follow ZIP 215 (which takes y up to 2^255 - 1).
    return Point.fromHex(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Whether an ed25519 public key can belong to someone: a canonical encoding (RFC 8032: y < p, and
 * no sign bit on x = 0) of a point outside the eight-point small-order subgroup. Under a
 * small-order key, R = identity and S = 0 verify for every message (the check is cofactored:
 * [8]SB = [8]R + [8]kA holds with both sides 0), so its "owner" is anyone: Solana's System Program
 * (the all-zero key) among them. A non-canonical encoding names a point that another, canonical
 * text names too: one key, two addresses.
 */
export function isStrongEd25519PublicKey(bytes: Uint8Array): boolean {
  const point = canonicalPoint(bytes);
  return point !== undefined && !point.isSmallOrder();
}

/**
 * Whether a 64-byte ed25519 signature is in canonical form: R a canonical encoding of a point of
 * large order (no signer's R = rB is small-order), S below the group order L (S and S + L verify
 * alike: the signature would be malleable).
 */
export function isCanonicalEd25519Signature(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const r = canonicalPoint(signature.subarray(0, 32));
  if (r === undefined || r.isSmallOrder()) return false;
  let s = 0n;
  for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(signature[index]!);
  return s < GROUP_ORDER;
}
