import { readVector } from '@cairn/devnet/testing';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode } from './base58.ts';

const vectors = readVector<{ base58_codec: { string: string; bytes_hex?: string; decoded_size?: number }[] }>('solana/solana_address_vectors.json');

describe('base58', () => {
  it.each(vectors.base58_codec)('"$string" (kit codec vectors)', ({ string, bytes_hex, decoded_size }) => {
    if (bytes_hex !== undefined) {
      expect(base58Encode(Buffer.from(bytes_hex, 'hex'))).toBe(string);
      expect(Buffer.from(base58Decode(string)).toString('hex')).toBe(bytes_hex);
    }
    if (decoded_size !== undefined) expect(base58Decode(string)).toHaveLength(decoded_size);
  });

  it('agrees with @scure/base on random bytes of every length up to 64', () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      if (length > 2) bytes[0] = 0; // leading zeros are the tricky part
      expect(base58Encode(bytes)).toBe(base58.encode(bytes));
      expect(base58Decode(base58.encode(bytes))).toEqual(bytes);
    }
  });

  it('rejects characters outside the alphabet', () => {
    for (const text of ['0', 'O', 'I', 'l', '+', ' 1']) expect(() => base58Decode(text)).toThrow('Not a base58 character');
  });
});
