import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeEvmAddress } from './normalizeAddress.ts';

const vectors = JSON.parse(readFileSync(new URL('../../../vectors/eth/eip55_checksum.json', import.meta.url), 'utf8'));

describe('EIP-55 address normalization (shared vectors)', () => {
  it.each(vectors.eip55_valid as { address: string }[])('keeps $address, the checksummed form', ({ address }) => {
    expect(normalizeEvmAddress(address)).toBe(address);
  });

  it.each(vectors.eip55_valid as { address: string; group: string }[])('checksums the all-lowercase form of $address', ({ address }) => {
    expect(normalizeEvmAddress(address.toLowerCase())).toBe(address);
  });

  it.each(vectors.invalid as { input: unknown; reason: string }[])('rejects $input ($reason)', ({ input }) => {
    expect(() => normalizeEvmAddress(input)).toThrow('Invalid EVM address');
  });

  it.each(vectors.invalid_strict_checksum as { input: string; correct_form: string }[])(
    'rejects $input, mixed case with a wrong checksum',
    ({ input, correct_form }) => {
      expect(() => normalizeEvmAddress(input)).toThrow('Invalid EVM address');
      expect(normalizeEvmAddress(correct_form)).toBe(correct_form);
    },
  );

  it.each(vectors.valid_from_ethers_test as { input: string }[])('accepts $input', ({ input }) => {
    expect(normalizeEvmAddress(input)).toBe(input);
  });
});
