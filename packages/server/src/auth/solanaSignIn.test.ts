import { buildSignInWithSolanaMessage, type Caip122SignIn } from '@cairn/core/signIn';
import { base58Encode } from '@cairn/solana/transaction';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { canonicalForgery, IDENTITY_FORGERY, NON_CANONICAL_SMALL_ORDER_KEYS, SMALL_ORDER_KEYS, withSPlusL } from '../testing/ed25519Forgeries.ts';
import { useSignInTestServer } from '../testing/signInTestServer.ts';
import { testDatabaseKinds } from '../testing/testDatabases.ts';
import { get } from '../testing/testServer.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { MAX_SOLANA_SIGNATURE_LENGTH, SOLANA_SIGNATURE_ERROR } from './solanaSignIn.ts';
import { NOT_CANONICAL_SIGNATURE_ERROR } from './strongEd25519.ts';

const SITE = '127.0.0.1:5173';
// Fixed ed25519 seeds: the visitor's key and another one.
const visitorKey = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const otherKey = hexToBytes('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb');
const addressOf = (key: Uint8Array) => base58Encode(ed25519.getPublicKey(key));
const visitor = addressOf(visitorKey);
const sign = (message: string, key = visitorKey) => ed25519.sign(new TextEncoder().encode(message), key);

type Session = { token: string; id: string; address: string; chainId: number | string; caipNetworkId: string; domain: string };

describe.each(await testDatabaseKinds())('Sign In With Solana on $name', (kind) => {
  const { skip } = kind;
  // The sign-in needs no node: the chains are configured, not called.
  const { server, authenticate: post, nonce } = useSignInTestServer(kind, { RPC_URL_SOLANA_localnet: 'http://127.0.0.1:1' });
  const messageFor = async (overrides: Partial<Caip122SignIn> = {}) =>
    buildSignInWithSolanaMessage({
      domain: SITE,
      address: visitor,
      statement: 'Sign in to the Cairn demo',
      uri: `http://${SITE}`,
      version: '1',
      chainId: 'localnet',
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      ...overrides,
    });
  const signIn = async (overrides: Partial<Caip122SignIn> = {}, key = visitorKey) => {
    const message = await messageFor(overrides);
    return { message, response: await post({ message, signature: base58Encode(sign(message, key)), token: true }) };
  };
  const expectStatus = (response: { statusCode: number; body: string; json(): unknown }, status: number, reason: string, field?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ message: reason, ...(field ? { field } : {}) });
  };


  it.skipIf(skip)('signs a Solana account in with a base58 ed25519 signature; /me confirms the session', async () => {
    const { response } = await signIn();
    expect(response.statusCode, response.body).toBe(200);
    const { session } = response.json() as { session: Session };
    // The address is kept as written: base58 is case-sensitive.
    expect(session).toMatchObject({ address: visitor, chainId: 'localnet', caipNetworkId: 'solana:localnet', domain: SITE });
    const stored = await server().cairn.db.selectFrom('auth_sessions').select(['address', 'chain_id']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ address: visitor, chain_id: 'solana:localnet' });
    const me = await get(server(), '/auth/v1/me', { authorization: `Bearer ${session.token}` });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().session).toMatchObject({ id: session.id, address: visitor, caipNetworkId: 'solana:localnet' });
  });

  it.skipIf(skip)('accepts the cluster as SIWS names it with the prefix, and a base64 signature', async () => {
    const message = await messageFor({ chainId: 'solana:localnet' });
    const response = await post({ message, signature: Buffer.from(sign(message)).toString('base64') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session.caipNetworkId).toBe('solana:localnet');
  });

  it.skipIf(skip)('refuses a signature by another key, and keeps the nonce for the right one', async () => {
    const message = await messageFor();
    expectStatus(await post({ message, signature: base58Encode(sign(message, otherKey)) }), 401, AUTH_ERRORS.badSignature);
    // The other key's own address in the message, signed by the visitor's key: still refused.
    const theirs = await messageFor({ address: addressOf(otherKey) });
    expectStatus(await post({ message: theirs, signature: base58Encode(sign(theirs)) }), 401, AUTH_ERRORS.badSignature);
    expect((await post({ message, signature: base58Encode(sign(message)) })).statusCode).toBe(200);
  });

  it.skipIf(skip)("refuses a forged sign-in as a key no one holds: the System Program's all-zero address and every small-order key, in every text", async () => {
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    for (const key of [...SMALL_ORDER_KEYS, ...NON_CANONICAL_SMALL_ORDER_KEYS]) {
      const address = base58Encode(key);
      // R = rB, S = r: canonical in form, verified by the library under this key for any text.
      const message = await messageFor({ address });
      expectStatus(await post({ message, signature: base58Encode(canonicalForgery()) }), 401, AUTH_ERRORS.keylessAddress);
      // R = identity, S = 0: refused for its form, before any verifying.
      const another = await messageFor({ address });
      expectStatus(await post({ message: another, signature: base58Encode(IDENTITY_FORGERY) }), 400, NOT_CANONICAL_SIGNATURE_ERROR, 'signature');
    }
  });

  it.skipIf(skip)("refuses an honest key's signature with S + L (malleated) for its form", async () => {
    const message = await messageFor();
    const signature = sign(message);
    expectStatus(await post({ message, signature: base58Encode(withSPlusL(signature)) }), 400, NOT_CANONICAL_SIGNATURE_ERROR, 'signature');
    expect((await post({ message, signature: base58Encode(signature) })).statusCode).toBe(200);
  });

  it.skipIf(skip)('refuses a signature over other text than the message sent', async () => {
    const message = await messageFor();
    const signature = base58Encode(sign(message.replace('Sign in to', 'Sign into')));
    expectStatus(await post({ message, signature }), 401, AUTH_ERRORS.badSignature);
  });

  it.skipIf(skip)('refuses an unknown or used nonce, another domain, an expired message and one issued in the future', async () => {
    expectStatus((await signIn({ nonce: 'NotIssuedHere123' })).response, 401, AUTH_ERRORS.nonceUnknownOrUsed);
    const { message, response } = await signIn();
    expect(response.statusCode).toBe(200);
    expectStatus(await post({ message, signature: base58Encode(sign(message)) }), 401, AUTH_ERRORS.nonceUnknownOrUsed);
    expectStatus((await signIn({ domain: 'evil.example' })).response, 401, AUTH_ERRORS.domainNotAccepted('evil.example'));
    expectStatus((await signIn({ uri: 'http://evil.example' })).response, 401, AUTH_ERRORS.uriNotOfSite('http://evil.example', SITE));
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    expectStatus((await signIn({ issuedAt: hourAgo, expirationTime: new Date(Date.now() - 1000).toISOString() })).response, 401, AUTH_ERRORS.expired);
    expectStatus((await signIn({ issuedAt: new Date(Date.now() + 3600_000).toISOString() })).response, 401, AUTH_ERRORS.issuedInFuture);
    expectStatus((await signIn({ notBefore: new Date(Date.now() + 3600_000).toISOString() })).response, 401, AUTH_ERRORS.notYetValid);
  });

  it.skipIf(skip)('refuses a cluster this server does not serve', async () => {
    expectStatus((await signIn({ chainId: 'mainnet' })).response, 401, AUTH_ERRORS.chainNotServed('mainnet'));
  });

  it.skipIf(skip)('answers 400 for a signature that is not base58 or base64 of 64 bytes, before any database work', async () => {
    const message = await messageFor();
    for (const signature of ['0OIl', base58Encode(sign(message).slice(0, 40)), Buffer.from(sign(message)).toString('base64').replace('==', ''), `${base58Encode(sign(message))}!`, 'x'.repeat(MAX_SOLANA_SIGNATURE_LENGTH + 1)]) {
      expectStatus(await post({ message, signature }), 400, SOLANA_SIGNATURE_ERROR, 'signature');
    }
  });

  it.skipIf(skip)('answers 400 for an address that is not 32 bytes of base58, and for a malformed message', async () => {
    // 44 base58 characters that decode to more than 32 bytes.
    const response = (await signIn({ address: 'z'.repeat(44) })).response;
    expectStatus(response, 400, 'Invalid sign-in message: address is not a Solana address', 'message');
    const message = (await messageFor()).replace('Version: 1', 'Version: 2');
    expectStatus(await post({ message, signature: base58Encode(sign(message)) }), 400, 'Invalid sign-in message: version must be 1', 'message');
  });

  it.skipIf(skip)('bounds what a stranger can send: a message over 32 KiB or a signature over 20,000 characters is a 400', async () => {
    const message = `${await messageFor()}\nResources:\n- https://x/${'a'.repeat(33 * 1024)}`;
    const tooLong = await post({ message, signature: base58Encode(sign(message)) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'message' });
    const hugeSignature = await post({ message: await messageFor(), signature: '1'.repeat(20_001) });
    expect(hugeSignature.statusCode).toBe(400);
    expect(hugeSignature.json()).toMatchObject({ field: 'signature' });
  });

  it.skipIf(skip)("answers 'Sign-in is not supported for this network' for a namespace without a verifier", async () => {
    // Every namespace of SPEC §3 has one now; a chain Cairn does not know has none.
    const message = (await messageFor()).replace('your Solana account', 'your Cosmos account').replace(visitor, 'cosmos1vqpjljwsynsn58dugz0w8ut7kun7t8ls2qkmsq');
    expectStatus(await post({ message, signature: 'AAAA' }), 400, AUTH_ERRORS.signInNotSupported, 'message');
    expectStatus(await post({ message: 'hello', signature: 'AAAA' }), 400, 'Invalid sign-in message: the first line must be "<domain> wants you to sign in with your <chain> account:"', 'message');
  });
});
