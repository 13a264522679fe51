import { readVector } from '@cairn/devnet/testing';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { u64 } from './bytes.ts';
import { createProgramAddress, findProgramAddress, isOnCurve } from './programAddress.ts';

type Pda = {
  programId?: string;
  seeds_hex?: string[];
  seeds_utf8?: string[];
  seeds_base58_pubkey?: string[];
  seeds?: string[];
  expected: string;
};
const vectors = readVector<{ curve_key_bytes: { on_curve: string[]; off_curve: string[] }; program_derived_addresses_legacy: Pda[] }>(
  'solana/solana_address_vectors.json',
);

function seedsOf(pda: Pda): Uint8Array[] {
  if (pda.seeds_hex) return pda.seeds_hex.map((seed) => Buffer.from(seed, 'hex'));
  if (pda.seeds_utf8) return pda.seeds_utf8.map((seed) => new TextEncoder().encode(seed));
  if (pda.seeds_base58_pubkey) return pda.seeds_base58_pubkey.map((seed) => base58.decode(seed));
  return (pda.seeds ?? []).map((seed) => {
    const [kind, value] = seed.split(' ') as [string, string];
    return kind === 'pubkey' ? base58.decode(value) : u64(BigInt(value));
  });
}

describe('program addresses', () => {
  it('tells curve points from other 32-byte strings', () => {
    for (const key of vectors.curve_key_bytes.on_curve) expect(isOnCurve(Buffer.from(key, 'hex'))).toBe(true);
    for (const key of vectors.curve_key_bytes.off_curve) expect(isOnCurve(Buffer.from(key, 'hex'))).toBe(false);
  });

  it.each(vectors.program_derived_addresses_legacy.filter((pda) => pda.programId))('derives $expected', (pda) => {
    expect(createProgramAddress(seedsOf(pda), pda.programId!)).toBe(pda.expected);
  });

  it('finds the bump from 255 down and refuses seeds longer than 32 bytes', () => {
    const found = findProgramAddress([new TextEncoder().encode('cairn')], 'BPFLoader1111111111111111111111111111111111');
    expect(createProgramAddress([new TextEncoder().encode('cairn'), Uint8Array.of(found.bump)], 'BPFLoader1111111111111111111111111111111111')).toBe(found.address);
    expect(() => findProgramAddress([new Uint8Array(33)], 'BPFLoader1111111111111111111111111111111111')).toThrow('seeds');
  });

});
