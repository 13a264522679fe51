import { encodeIss, generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { canonicalForgery, IDENTITY_FORGERY, NON_CANONICAL_SMALL_ORDER_KEYS, SMALL_ORDER_KEYS, withSPlusL } from '../testing/ed25519Forgeries.ts';
import { RELAY_ERRORS } from './relayErrors.ts';
import { relayToken, relayTokenWithPayload } from './testing/rawRelayClient.ts';
import { verifyRelayAuth } from './verifyRelayAuth.ts';

const NOW_MS = 1_750_000_000_000;
const NOW_SECONDS = NOW_MS / 1000;
const AUD = 'ws://127.0.0.1/relay';
const keyPair = generateKeyPair();

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decoded = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** The token with its header or payload changed; the signature no longer matches, but these checks come first. */
function altered(token: string, change: { header?: object; payload?: object }): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return [
    change.header ? base64url({ ...decoded(header), ...change.header }) : header,
    change.payload ? base64url({ ...decoded(payload), ...change.payload }) : payload,
    signature,
  ].join('.');
}

describe('verifyRelayAuth', () => {
  it('accepts a JWT issued 59 s ahead of the relay’s clock, as the client’s did:key', async () => {
    const token = await relayToken(keyPair, AUD, { issuedAt: NOW_SECONDS + 59 });
    expect(await verifyRelayAuth(token, NOW_MS)).toEqual({ ok: true, clientId: encodeIss(keyPair.publicKey) });
  });

  it('refuses a JWT issued 61 s ahead of the relay’s clock', async () => {
    const token = await relayToken(keyPair, AUD, { issuedAt: NOW_SECONDS + 61 });
    expect(await verifyRelayAuth(token, NOW_MS)).toEqual({ ok: false, reason: RELAY_ERRORS.invalidAuth('iat is in the future') });
  });

  it('refuses a header other than alg EdDSA, typ JWT', async () => {
    const token = await relayToken(keyPair, AUD, { issuedAt: NOW_SECONDS });
    const refused = { ok: false, reason: RELAY_ERRORS.invalidAuth('must use alg EdDSA, typ JWT') };
    expect(await verifyRelayAuth(altered(token, { header: { alg: 'HS256' } }), NOW_MS)).toEqual(refused);
    expect(await verifyRelayAuth(altered(token, { header: { typ: 'JWS' } }), NOW_MS)).toEqual(refused);
  });

  it('refuses an iss that is not an Ed25519 did:key', async () => {
    const token = await relayToken(keyPair, AUD, { issuedAt: NOW_SECONDS });
    const refused = { ok: false, reason: RELAY_ERRORS.invalidAuth('iss must be an Ed25519 did:key') };
    // A secp256k1 did:key (the did:key specification's example).
    expect(await verifyRelayAuth(altered(token, { payload: { iss: 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme' } }), NOW_MS)).toEqual(refused);
    expect(await verifyRelayAuth(altered(token, { payload: { iss: 'did:web:example.com' } }), NOW_MS)).toEqual(refused);
  });

  it('refuses an iat or exp outside a JavaScript date’s range with the reason before using it, even in a validly signed JWT', async () => {
    const refused = { ok: false, reason: RELAY_ERRORS.invalidAuth('iat and exp must be times in seconds within ±8640000000000') };
    const signed = (claims: string) => relayTokenWithPayload(keyPair, `{"iss":"${encodeIss(keyPair.publicKey)}","sub":"s","aud":"${AUD}",${claims}}`);
    // The hand-signed token verifies when its claims are sane.
    expect(await verifyRelayAuth(signed(`"iat":${NOW_SECONDS},"exp":${NOW_SECONDS + 60}`), NOW_MS)).toEqual({ ok: true, clientId: encodeIss(keyPair.publicKey) });
    // Written with an exponent, these stay numbers (the JWT parser turns only long digit runs into
    // BigInt). A past one used to reach new Date(exp * 1000).toISOString(): a RangeError, not a 401.
    for (const claims of [`"iat":${NOW_SECONDS},"exp":1e20`, `"iat":${NOW_SECONDS},"exp":-1e20`, `"iat":${NOW_SECONDS},"exp":-1e400`, `"iat":-1e20,"exp":${NOW_SECONDS + 60}`]) {
      expect(await verifyRelayAuth(signed(claims), NOW_MS), claims).toEqual(refused);
    }
  });

  it('refuses a token over 4,096 characters before decoding it, even a validly signed one', async () => {
    const token = await relayToken(keyPair, `${AUD}?${'x'.repeat(4096)}`, { issuedAt: NOW_SECONDS });
    expect(await verifyRelayAuth(token, NOW_MS)).toEqual({ ok: false, reason: RELAY_ERRORS.invalidAuth('longer than 4096 characters') });
  });

  it('refuses a forged JWT as a did:key no one holds (every small-order key, in every text), whatever the signature', async () => {
    const refused = { ok: false, reason: RELAY_ERRORS.invalidAuth('iss is not a key anyone holds (a small-order or non-canonical Ed25519 key)') };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const key of [...SMALL_ORDER_KEYS, ...NON_CANONICAL_SMALL_ORDER_KEYS]) {
      const claims = { iss: encodeIss(key), sub: 'forged', aud: AUD, iat: NOW_SECONDS, exp: NOW_SECONDS + 60 };
      for (const forgery of [IDENTITY_FORGERY, canonicalForgery()]) {
        const token = `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode(claims)}.${Buffer.from(forgery).toString('base64url')}`;
        expect(await verifyRelayAuth(token, NOW_MS), encodeIss(key)).toEqual(refused);
      }
    }
  });

  it("refuses a client's own JWT with a malleated signature (S + L) for its form", async () => {
    const token = await relayToken(keyPair, AUD, { issuedAt: NOW_SECONDS });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const malleated = Buffer.from(withSPlusL(Buffer.from(signature, 'base64url'))).toString('base64url');
    expect(await verifyRelayAuth(`${header}.${payload}.${malleated}`, NOW_MS)).toEqual({
      ok: false,
      reason: RELAY_ERRORS.invalidAuth('signature is not a canonical Ed25519 signature'),
    });
  });
});
