import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';

/** The eight points of ed25519's small-order subgroup, canonically encoded (y below p, little-endian, x's sign in the top bit). */
export const SMALL_ORDER_KEYS = [
  '0100000000000000000000000000000000000000000000000000000000000000', // the identity (order 1)
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // (0, -1): order 2
  '0000000000000000000000000000000000000000000000000000000000000000', // (sqrt(-1), 0): order 4; Solana's System Program
  '0000000000000000000000000000000000000000000000000000000000000080', // (-sqrt(-1), 0): order 4
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // the four of order 8
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
].map(hexToBytes);

/** Other texts of small-order points, which a lenient decoder (ZIP 215) reads too: y + p for y = 0 and 1, and the sign bit on x = 0. */
export const NON_CANONICAL_SMALL_ORDER_KEYS = [
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p: (sqrt(-1), 0)
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // y = p, the other sign
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p + 1: the identity
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // y = p + 1, sign bit on x = 0
  '0100000000000000000000000000000000000000000000000000000000000080', // the identity, sign bit on x = 0
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // (0, -1), sign bit on x = 0
].map(hexToBytes);

/** R = identity, S = 0: under a small-order key, a cofactored verifier takes it for any message. */
export const IDENTITY_FORGERY = hexToBytes(`01${'00'.repeat(63)}`);

/**
 * R = rB, S = r: canonical in form (R of large order, S below L), and still taken for any message
 * under a small-order key ([8]SB = [8]R + [8]kA, the last term 0). Only a check of the key stops it.
 */
export function canonicalForgery(r = 0x1234567n): Uint8Array {
  const signature = new Uint8Array(64);
  signature.set(ed25519.ExtendedPoint.BASE.multiply(r).toRawBytes(), 0);
  for (let index = 32, s = r; index < 64; index++, s >>= 8n) signature[index] = Number(s & 0xffn);
  return signature;
}

/** A signature with S + L for S: it verifies alike under a lenient verifier (a malleated signature). */
export function withSPlusL(signature: Uint8Array): Uint8Array {
  let s = 0n;
  for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(signature[index]!);
  s += ed25519.CURVE.n;
  const malleated = Uint8Array.from(signature);
  for (let index = 32; index < 64; index++, s >>= 8n) malleated[index] = Number(s & 0xffn);
  return malleated;
}
