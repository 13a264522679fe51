import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { canonicalForgery, IDENTITY_FORGERY, NON_CANONICAL_SMALL_ORDER_KEYS, SMALL_ORDER_KEYS, withSPlusL } from '../testing/ed25519Forgeries.ts';
import { isCanonicalEd25519Signature, isStrongEd25519PublicKey } from './strongEd25519.ts';

const P = 2n ** 255n - 19n;
const L = ed25519.CURVE.n;
const littleEndian = (value: bigint, bytes = 32) => Uint8Array.from({ length: bytes }, (_, index) => Number((value >> BigInt(8 * index)) & 0xffn));
const message = new TextEncoder().encode('example.com wants you to sign in with your Solana account');
const honestKey = ed25519.getPublicKey(new Uint8Array(32).fill(7));
const honestSignature = ed25519.sign(message, new Uint8Array(32).fill(7));

describe('the forgery these checks stop', () => {
  it('is real: the library verifies both forged signatures for any message under every small-order key, in every text', () => {
    for (const key of [...SMALL_ORDER_KEYS, ...NON_CANONICAL_SMALL_ORDER_KEYS]) {
      expect(ed25519.verify(IDENTITY_FORGERY, message, key)).toBe(true);
      expect(ed25519.verify(canonicalForgery(), message, key)).toBe(true);
    }
  });
});

describe('isStrongEd25519PublicKey', () => {
  it('takes a key someone holds', () => {
    expect(isStrongEd25519PublicKey(honestKey)).toBe(true);
    for (let seed = 1; seed < 20; seed++) expect(isStrongEd25519PublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(seed)))).toBe(true);
  });

  it('refuses each of the eight small-order points, the all-zero key among them', () => {
    expect(SMALL_ORDER_KEYS).toHaveLength(8);
    expect(new Set(SMALL_ORDER_KEYS.map((key) => Buffer.from(key).toString('hex'))).size).toBe(8);
    for (const key of SMALL_ORDER_KEYS) expect(isStrongEd25519PublicKey(key)).toBe(false);
    expect(isStrongEd25519PublicKey(new Uint8Array(32))).toBe(false);
  });

  it('refuses the non-canonical texts of small-order points: y >= p, and the sign bit on x = 0', () => {
    for (const key of NON_CANONICAL_SMALL_ORDER_KEYS) expect(isStrongEd25519PublicKey(key)).toBe(false);
  });

  it('refuses every text with y from p to 2^255 - 1, in both signs, whatever point it would name', () => {
    for (let y = P; y < 2n ** 255n; y++) {
      for (const sign of [0n, 1n << 255n]) expect(isStrongEd25519PublicKey(littleEndian(y | sign))).toBe(false);
    }
  });

  it('refuses a text that names no point, and anything not 32 bytes', () => {
    expect(isStrongEd25519PublicKey(honestKey.subarray(0, 31))).toBe(false);
    expect(isStrongEd25519PublicKey(new Uint8Array([...honestKey, 0]))).toBe(false);
    // y = 2 is not on the curve.
    expect(isStrongEd25519PublicKey(littleEndian(2n))).toBe(false);
  });
});

describe('isCanonicalEd25519Signature', () => {
  it('takes an honest signature', () => {
    expect(isCanonicalEd25519Signature(honestSignature)).toBe(true);
  });

  it('refuses S >= L (S + L verifies alike: a malleable signature)', () => {
    expect(isCanonicalEd25519Signature(withSPlusL(honestSignature))).toBe(false);
    expect(isCanonicalEd25519Signature(new Uint8Array([...honestSignature.subarray(0, 32), ...littleEndian(L)]))).toBe(false);
    expect(isCanonicalEd25519Signature(new Uint8Array([...honestSignature.subarray(0, 32), ...littleEndian(L - 1n)]))).toBe(true);
  });

  it('refuses an R of small order or in a non-canonical text, and anything not 64 bytes', () => {
    expect(isCanonicalEd25519Signature(IDENTITY_FORGERY)).toBe(false);
    for (const r of [...SMALL_ORDER_KEYS, ...NON_CANONICAL_SMALL_ORDER_KEYS]) {
      expect(isCanonicalEd25519Signature(new Uint8Array([...r, ...honestSignature.subarray(32)]))).toBe(false);
    }
    expect(isCanonicalEd25519Signature(honestSignature.subarray(0, 63))).toBe(false);
  });

  it('takes the canonical forgery: its form is sound, only the key check stops it', () => {
    expect(isCanonicalEd25519Signature(canonicalForgery())).toBe(true);
  });
});
