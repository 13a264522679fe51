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

  it('reads back exactly the registration it wrote, and nothing else', () => {
    const registration = { name: 'trail.cairn.id', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', timestamp: 1_764_000_000 };
    expect(parseNameRegistration(nameRegistrationMessage(registration))).toEqual(registration);
    expect(parseNameRegistration('Register trail.cairn.id')).toBeUndefined();
    expect(parseNameRegistration(JSON.stringify({ ...registration, extra: 1 }))).toBeUndefined();
    expect(parseNameRegistration(JSON.stringify({ ...registration, timestamp: '1' }))).toBeUndefined();
    expect(parseNameRegistration('x'.repeat(1001))).toBeUndefined();
  });
});
