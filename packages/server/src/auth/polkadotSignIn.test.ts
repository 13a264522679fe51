import { buildSignInWithPolkadotMessage, type Caip122SignIn } from '@cairn/core/signIn';
import { Keyring } from '@polkadot/keyring';
import { u8aToHex, u8aWrapBytes } from '@polkadot/util';
import { cryptoWaitReady, encodeAddress, signatureVerify } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { canonicalForgery, IDENTITY_FORGERY, NON_CANONICAL_SMALL_ORDER_KEYS, SMALL_ORDER_KEYS } from '../testing/ed25519Forgeries.ts';
import { useSignInTestServer } from '../testing/signInTestServer.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { testDatabaseKinds } from '../testing/testDatabases.ts';

const SITE = '127.0.0.1:5173';
const POLKADOT = '91b171bb158e2d3848fa23a9f1c25182';
await cryptoWaitReady();
const keyring = new Keyring({ type: 'sr25519' });
const alice = keyring.addFromUri('//Alice');
const bob = keyring.addFromUri('//Bob');
// As an extension's signRaw does: the text wrapped in <Bytes>…</Bytes>.
const sign = (message: string, pair = alice) => u8aToHex(pair.sign(u8aWrapBytes(message)));

describe.each(await testDatabaseKinds())('sign-in with a Polkadot account on $name', (kind) => {
  const { skip } = kind;
  const { authenticate: post, nonce } = useSignInTestServer(kind);
  const messageFor = async (overrides: Partial<Caip122SignIn> = {}) =>
    buildSignInWithPolkadotMessage({
      domain: SITE,
      address: alice.address,
      uri: `http://${SITE}`,
      version: '1',
      chainId: POLKADOT,
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      ...overrides,
    });

  it.skipIf(skip)('signs an sr25519 account in (signRaw over the wrapped text); the session is on polkadot', async () => {
    const message = await messageFor();
    const response = await post({ message, signature: sign(message), token: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session).toMatchObject({ address: alice.address, caipNetworkId: `polkadot:${POLKADOT}` });
  });

  it.skipIf(skip)('refuses another key, a chain the server does not serve, and malformed signatures', async () => {
    const message = await messageFor();
    expect((await post({ message, signature: sign(message, bob) })).statusCode).toBe(401);
    const elsewhere = await messageFor({ chainId: 'ab'.repeat(16) });
    expect((await post({ message: elsewhere, signature: sign(elsewhere) })).statusCode).toBe(401);
    const badChecksum = await messageFor({ address: `${alice.address.slice(0, -1)}${alice.address.endsWith('Y') ? 'Z' : 'Y'}` });
    expect((await post({ message: badChecksum, signature: sign(badChecksum) })).statusCode).toBe(401);
    const another = await messageFor();
    const malformed = await post({ message: another, signature: 'not hex' });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'signature' });
  });

  it.skipIf(skip)('refuses a forged ed25519 sign-in under every small-order key, in every text, bare or behind the type byte', async () => {
    let takenByTheLibrary = 0;
    for (const key of [...SMALL_ORDER_KEYS, ...NON_CANONICAL_SMALL_ORDER_KEYS]) {
      for (const forgery of [IDENTITY_FORGERY, canonicalForgery()]) {
        for (const signature of [u8aToHex(forgery), u8aToHex(new Uint8Array([0, ...forgery]))]) {
          const message = await messageFor({ address: encodeAddress(key) });
          const response = await post({ message, signature });
          // signatureVerify (its ed25519) takes the forgery under most of these keys; each of those
          // is refused as a key no one holds, and the rest as not matching.
          const taken = signatureVerify(u8aWrapBytes(message), signature, key).isValid;
          if (taken) takenByTheLibrary++;
          expect(response.statusCode, response.body).toBe(401);
          expect(response.json().message).toBe(taken ? AUTH_ERRORS.keylessAddress : AUTH_ERRORS.badSignature);
        }
      }
    }
    expect(takenByTheLibrary).toBeGreaterThan(0);
  });

  it.skipIf(skip)('still signs an ed25519 account in', async () => {
    const ed = new Keyring({ type: 'ed25519' }).addFromUri('//Alice');
    const message = await messageFor({ address: ed.address });
    const response = await post({ message, signature: sign(message, ed) });
    expect(response.statusCode, response.body).toBe(200);
  });
});
