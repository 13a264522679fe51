import { sha256 } from '@noble/hashes/sha2';
import { base32crockford } from '@scure/base';
import { CustodyError, CustodyErrorText } from './errors.ts';
import { utf8 } from './encoding.ts';

/**
 * A printed recovery code: 128 bits from the CSPRNG and a 32-bit checksum, in Crockford base32
 * (no I, L, O or U; read back case-insensitively with I/L as 1 and O as 0), as 8 groups of 4.
 * A typo is caught before any decryption is tried (a random change passes the checksum 1 time in 2^32).
 */
const ENTROPY_BYTES = 16;
const CHECKSUM_BYTES = 4;
const LENGTH = 32;

function checksum(entropy: Uint8Array): Uint8Array {
  const tagged = new Uint8Array([...utf8('cairn-recovery-code:v1'), ...entropy]);
  return sha256(tagged).subarray(0, CHECKSUM_BYTES);
}

export function createRecoveryCode(): string {
  const entropy = crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES));
  const text = base32crockford.encode(new Uint8Array([...entropy, ...checksum(entropy)]));
  return text.match(/.{4}/g)!.join('-');
}

/** The code's 128 secret bits; throws a clear error on a wrong length or a typo. */
export function parseRecoveryCode(input: string): Uint8Array {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== LENGTH || !/^[0-9A-Z]+$/.test(compact)) throw new CustodyError(CustodyErrorText.recoveryCodeFormat);
  let bytes: Uint8Array;
  try {
    bytes = base32crockford.decode(compact);
  } catch {
    throw new CustodyError(CustodyErrorText.recoveryCodeTypo);
  }
  const entropy = bytes.subarray(0, ENTROPY_BYTES);
  const expected = checksum(entropy);
  const given = bytes.subarray(ENTROPY_BYTES);
  if (bytes.length !== ENTROPY_BYTES + CHECKSUM_BYTES || expected.some((byte, i) => byte !== given[i])) {
    throw new CustodyError(CustodyErrorText.recoveryCodeTypo);
  }
  return entropy.slice();
}
