import { readFileSync } from 'node:fs';
import { buildSiweMessage, SiweError, type SiweFields } from '@cairn/core/siwx';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { checkSiweMessage, checkValidityWindow, siweInstants } from './checkSiweMessage.ts';
import { SessionStore } from './sessionStore.ts';
import { verifySignature } from './verifySignature.ts';

const vectors = (name: string) => JSON.parse(readFileSync(new URL(`../../../../vectors/siwe/${name}.json`, import.meta.url), 'utf8'));
type VerificationCase = SiweFields & { signature: Hex; time?: string; domainBinding?: string; matchNonce?: string };

function split({ signature, time, domainBinding, matchNonce, ...fields }: VerificationCase) {
  return { fields: fields as SiweFields, signature, time, domainBinding, matchNonce };
}

// spruceid/siwe test vectors. The server's domain and nonce checks need its own configuration and
// database, so the cases are run through the same pieces the route uses, with the vector's
// domain, clock and nonce in place of the server's.
describe('spruceid verification_positive', () => {
  const cases = Object.entries(vectors('spruceid/verification_positive') as Record<string, VerificationCase>);
  it.each(cases)('%s: the signature verifies and the message holds at its check time', async (_name, raw) => {
    const { fields, signature, time } = split(raw);
    const message = buildSiweMessage(fields);
    expect(await verifySignature({ address: fields.address as Address, message, signature })).toBe(true);
    const now = time ? Date.parse(time) : Date.now();
    expect(checkValidityWindow(siweInstants(fields), now)).toBeUndefined();
    // The whole check, with the vector's domain and chain as the configured ones. 'expired message'
    // is issued (2022) after its check time (2020): spruceid does not compare Issued At with the
    // clock, we refuse a message from the future, so that one case is checked on its window only.
    if (Date.parse(fields.issuedAt) <= now) {
      expect(checkSiweMessage(fields, { domains: [fields.domain], chainIds: new Set([fields.chainId]), now })).toBeUndefined();
    }
  });
});

describe('spruceid verification_negative: each refused for its intended reason', () => {
  const cases = vectors('spruceid/verification_negative') as Record<string, VerificationCase>;
  const configured = (fields: SiweFields, domainBinding?: string) => ({ domains: [domainBinding ?? fields.domain], chainIds: new Set([fields.chainId]) });
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dialect: 'sqlite', path: ':memory:' });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // In this set the cases that test something else carry valid signatures (shared/vectors/README §1).
  const validlySigned = async (fields: SiweFields, signature: Hex) =>
    expect(await verifySignature({ address: fields.address as Address, message: buildSiweMessage(fields), signature })).toBe(true);

  it('expired message', async () => {
    const { fields, signature } = split(cases['expired message']!);
    await validlySigned(fields, signature);
    expect(checkSiweMessage(fields, { ...configured(fields), now: Date.now() })).toBe(AUTH_ERRORS.expired);
  });
  it('domain binding', async () => {
    const { fields, signature, domainBinding } = split(cases['domain binding']!);
    await validlySigned(fields, signature);
    expect(checkSiweMessage(fields, { ...configured(fields, domainBinding), now: Date.now() })).toBe(AUTH_ERRORS.domainNotAccepted('login.xyz'));
  });
  it('custom time', async () => {
    const { fields, signature, time } = split(cases['custom time']!);
    await validlySigned(fields, signature);
    expect(checkSiweMessage(fields, { ...configured(fields), now: Date.parse(time!) })).toBe(AUTH_ERRORS.expired);
  });
  it('custom nonce: the server issued another nonce, so the message\'s is unknown', async () => {
    const { fields, signature, matchNonce } = split(cases['custom nonce']!);
    await validlySigned(fields, signature);
    const now = Date.now();
    await db.insertInto('auth_nonces').values({ nonce: matchNonce!, expires_at: now + 60_000, used_at: null }).execute();
    const store = new SessionStore(db);
    expect(await store.nonceState(matchNonce!, now)).toBe('usable');
    expect(await store.nonceState(fields.nonce, now)).toBe('unknown');
    expect(await store.consumeNonce(fields.nonce, now)).toBe(false);
  });
  it.each(['malformed signature', 'wrong signature'])('%s', async (name) => {
    const { fields, signature } = split(cases[name]!);
    expect(await verifySignature({ address: fields.address as Address, message: buildSiweMessage(fields), signature })).toBe(false);
  });
  it('not yet valid', async () => {
    const { fields, signature } = split(cases['not yet valid']!);
    await validlySigned(fields, signature);
    expect(checkSiweMessage(fields, { ...configured(fields), now: Date.now() })).toBe(AUTH_ERRORS.notYetValid);
  });
  it.each([
    ['invalid issuedAt', 'issuedAt'],
    ['invalid notBefore', 'notBefore'],
    ['invalid expirationTime', 'expirationTime'],
  ])('%s: the date does not exist, so the message cannot even be built', (name, field) => {
    const { fields } = split(cases[name]!);
    expect(() => buildSiweMessage(fields)).toThrow(SiweError);
    try {
      buildSiweMessage(fields);
    } catch (error) {
      expect((error as SiweError).field).toBe(field);
    }
  });
  it('covers every case of the file', () => {
    expect(Object.keys(cases).sort()).toEqual(
      ['expired message', 'domain binding', 'custom time', 'custom nonce', 'malformed signature', 'wrong signature', 'not yet valid', 'invalid issuedAt', 'invalid notBefore', 'invalid expirationTime'].sort(),
    );
  });
});

describe('siwe-rs EIP-191 cases', () => {
  const cases = vectors('siwe-rs_inline_vectors').verification_eip191 as { name: string; message: string; signature_correct: Hex; signature_incorrect: Hex }[];
  it.each(cases)('$name: the correct signature verifies, the corrupted one does not', async ({ message, signature_correct, signature_incorrect }) => {
    const address = /\n(0x[0-9a-fA-F]{40})\n/.exec(message)![1] as Address;
    expect(await verifySignature({ address, message, signature: signature_correct })).toBe(true);
    expect(await verifySignature({ address, message, signature: signature_incorrect })).toBe(false);
  });
});
