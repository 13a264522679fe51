import { readVector } from '@cairn/devnet/testing';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress, normalizeSolanaAddress } from './address.ts';

type AddressVectors = {
  valid_addresses: { address: string; bytes_hex?: string }[];
  invalid_addresses: { input: string }[];
  base58_codec: { string: string; bytes_hex?: string; decoded_size?: number }[];
};
const vectors = readVector<AddressVectors>('solana/solana_address_vectors.json');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Solana addresses (anza-xyz/kit and web3.js vectors)', () => {
  it.each(vectors.valid_addresses)('accepts $address', ({ address, bytes_hex }) => {
    expect(isSolanaAddress(address)).toBe(true);
    expect(normalizeSolanaAddress(address)).toBe(address);
    if (bytes_hex) expect(hex(base58.decode(address))).toBe(bytes_hex);
  });

  it.each(vectors.invalid_addresses)('rejects $input', ({ input }) => {
    expect(isSolanaAddress(input)).toBe(false);
    expect(() => normalizeSolanaAddress(input)).toThrow('Invalid Solana address');
  });

  it.each(vectors.base58_codec)('base58 "$string"', ({ string, bytes_hex, decoded_size }) => {
    if (bytes_hex !== undefined) expect(base58.encode(Buffer.from(bytes_hex, 'hex'))).toBe(string);
    if (decoded_size !== undefined) expect(base58.decode(string)).toHaveLength(decoded_size);
  });

  it('rejects what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['11111111111111111111111111111111']]) expect(isSolanaAddress(value)).toBe(false);
  });
});
