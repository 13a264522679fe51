import { describe, expect, it } from 'vitest';
import { isValidNameLabel, nameRegistrationMessage, namesSupportedOn, offersNameRegistration, parseNameRegistration } from './accountName.ts';

describe('names (SPEC §5)', () => {
  it('are a service of eip155 only, and are offered only there', () => {
    expect(namesSupportedOn('eip155')).toBe(true);
    expect(['solana', 'bip122', 'polkadot', undefined].some(namesSupportedOn)).toBe(false);
    expect(offersNameRegistration({ hasServer: true, namespace: 'eip155', profileName: undefined })).toBe(true);
    expect(offersNameRegistration({ hasServer: true, namespace: 'solana', profileName: undefined })).toBe(false);
    expect(offersNameRegistration({ hasServer: true, namespace: 'eip155', profileName: 'trail.cairn.id' })).toBe(false);
  });

  it('takes letters, digits and hyphens, at least 4 characters', () => {
    expect(['trail', 'a1b2', 'trail-walker', 'x'.repeat(63)].every(isValidNameLabel)).toBe(true);
    expect(['abc', 'with space', 'under_score', 'dot.ted', '-lead', 'trail-', 'x'.repeat(64), 'émile'].some(isValidNameLabel)).toBe(false);
  });

  const registration = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', name: 'trail.cairn.id', nonce: 'n0nce4Trail2025', timestamp: 1_764_000_000, zone: '.cairn.id' };

  it('writes a registration as canonical JSON (sorted keys, no whitespace) and reads it back', () => {
    expect(nameRegistrationMessage(registration)).toBe(
      '{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","name":"trail.cairn.id","nonce":"n0nce4Trail2025","timestamp":1764000000,"zone":".cairn.id"}',
    );
    expect(parseNameRegistration(nameRegistrationMessage(registration))).toEqual(registration);
  });

  it('reads nothing but the canonical text: no duplicate key, other order, spacing, escape, extra or missing field', () => {
    const canonical = nameRegistrationMessage(registration);
    const duplicate = canonical.replace('"name":"trail.cairn.id"', '"name":"trail.cairn.id","name":"other.cairn.id"');
    expect(JSON.parse(duplicate).name).toBe('other.cairn.id');
    for (const text of [
      duplicate,
      JSON.stringify({ name: registration.name, address: registration.address, nonce: registration.nonce, timestamp: registration.timestamp, zone: registration.zone }),
      JSON.stringify(registration, null, 1),
      canonical.replace('"trail.cairn.id"', '"tr\\u0061il.cairn.id"'),
      JSON.stringify({ ...registration, extra: 1 }),
      JSON.stringify({ ...registration, zone: undefined }),
      JSON.stringify({ ...registration, timestamp: '1764000000' }),
      JSON.stringify({ ...registration, nonce: 'short' }),
      'Register trail.cairn.id',
      'x'.repeat(1001),
    ]) {
      expect(parseNameRegistration(text), text).toBeUndefined();
    }
  });
});
