import { webcrypto } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { authShareReleaseMessage, createLoginApi, embeddedWalletProofMessage, HttpError, type DevicePublicKey, type LoginApi } from '@cairn/core/internal';
import { codeFromMail, startMailSink, type MailSink } from '@cairn/devnet/mail';
import { signInAtLocalProvider, startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS, testConfig } from '../testing/testServer.ts';

// Core's login client (what the secure frame calls) against the real server over HTTP: every
// answer is parsed by core's wire shapes, and the server's reasons reach the caller.
let mailbox: MailSink;
let provider: LocalOidcProvider;
let database: TestDatabase;
let app: FastifyInstance;
let api: LoginApi;
let callbackUrl: string;

beforeAll(async () => {
  mailbox = await startMailSink();
  database = await createTestDatabase('sqlite');
  // The callback URL names the server's port, known once it listens: start the provider after.
  const probe = await createServer(testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], { INDEXER_ENABLED: 'false' }));
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.server.address() as AddressInfo).port;
  await probe.close();
  callbackUrl = `http://127.0.0.1:${port}/auth/v1/social/callback`;
  provider = await startLocalOidcProvider({ redirectUris: [callbackUrl] });
  app = await createServer(
    testConfig(database.config, [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], {
      INDEXER_ENABLED: 'false',
      SMTP_URL: mailbox.smtpUrl,
      SOCIAL_CALLBACK_URL: callbackUrl,
      SOCIAL_GOOGLE_CLIENT_ID: provider.clientId,
      SOCIAL_GOOGLE_CLIENT_SECRET: provider.clientSecret,
      SOCIAL_GOOGLE_ISSUER: provider.issuer,
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  api = createLoginApi({ url: `http://127.0.0.1:${port}`, projectId: ACCESS.projectId });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await provider?.close();
  await mailbox?.close();
  await database?.drop();
});

async function deviceKey() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const jwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
  const publicKey: DevicePublicKey = { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! };
  return { publicKey, sign: async (text: string) => Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(text))).toString('base64url') };
}

describe("core's login client against the server", () => {
  it('logs in by e-mail, keeps a wallet, and gets a device share and the recovery pair back', async () => {
    const email = `client-${process.pid}@example.com`;
    await api.requestEmailCode(email);
    const code = codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email)));
    const tooSoon = await api.requestEmailCode(email).catch((error: unknown) => error);
    expect(tooSoon).toBeInstanceOf(HttpError);
    expect((tooSoon as HttpError).detail).toMatch(/^Please try again after \d+ seconds$/);

    const { token, user } = await api.verifyEmailCode(email, code);
    expect(user.email).toBe(email);
    expect((await api.getUser(token))?.id).toBe(user.id);
    expect(await api.getWallet(token)).toBeNull();

    const wallet = privateKeyToAccount(generatePrivateKey());
    const device = await deviceKey();
    const issuedAt = new Date().toISOString();
    const signature = await wallet.signMessage({ message: embeddedWalletProofMessage({ action: 'create-wallet', userId: user.id, deviceKey: device.publicKey, issuedAt }) });
    const { deviceId } = await api.createWallet(token, { address: wallet.address, recoveryShare: 'r1', recoveryBlob: 'b1', deviceKey: device.publicKey, authShare: 'a1', proof: { issuedAt, signature } });
    expect(await api.getWallet(token)).toMatchObject({ address: wallet.address, devices: [{ id: deviceId }] });

    const challenge = await api.deviceChallenge(token, deviceId);
    expect(await api.releaseAuthShare(token, deviceId, challenge, await device.sign(authShareReleaseMessage({ nonce: challenge, deviceId, address: wallet.address })))).toBe('a1');
    expect(await api.recovery(token)).toEqual({ address: wallet.address, recoveryShare: 'r1', recoveryBlob: 'b1' });

    await api.signOut(token);
    expect(await api.getUser(token)).toBeUndefined();
  });

  it('logs in through a social provider: pending until the provider sends the visitor back', async () => {
    const flow = await api.startSocial('google');
    expect(await api.completeSocial(flow.flowId, flow.flowSecret)).toBe('pending');
    const back = await signInAtLocalProvider(flow.authorizeUrl, 'dora', callbackUrl);
    const page = await fetch(back);
    expect(page.status).toBe(200);
    const login = await api.completeSocial(flow.flowId, flow.flowSecret);
    expect(login).toMatchObject({ user: { provider: 'google', email: 'dora@oidc.localhost' } });

    const refused = await api.startSocial('farcaster').catch((error: unknown) => error);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).detail).toMatch(/^Unsupported social provider "farcaster"/);
  });
});
