import type { AddressInfo } from 'node:net';
import { createLoginApi, embeddedWalletProofMessage, HttpError, type LoginApi } from '@cairn/core/internal';
import { accountOf, combineShares, createRecoveryCode, createWallet, proveDevice, recoverOnNewDevice, unlockDevice } from '@cairn/frame/testing';
import { codeFromMail, startMailSink, type MailSink } from '@cairn/devnet/mail';
import { signInAtLocalProvider, startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import type { FastifyInstance } from 'fastify';
import { verifyMessage, type Hex } from 'viem';
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

/** The frame's recovery blob travels as base64url text of its JSON. */
const blobText = (blob: unknown) => Buffer.from(JSON.stringify(blob)).toString('base64url');
const blobOf = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

/** What the wallet's own key signs to vouch for a device (the frame does the same). */
async function vouch(signer: { signMessage(args: { message: string }): Promise<Hex> }, action: 'create-wallet' | 'add-device', userId: string, device: { deviceId: string; devicePublicKey: string }) {
  const issuedAt = new Date().toISOString();
  return { issuedAt, signature: await signer.signMessage({ message: embeddedWalletProofMessage({ action, userId, deviceId: device.deviceId, deviceKey: device.devicePublicKey, issuedAt }) }) };
}

async function logIn(email: string) {
  const after = mailbox.messages().at(-1)?.id ?? 0;
  await api.requestEmailCode(email);
  return api.verifyEmailCode(email, codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after)));
}

describe("core's login client against the server", () => {
  it("logs in by e-mail and keeps the frame's wallet: a device signs with its share, a new device recovers with the code", async () => {
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

    // The frame makes the wallet; the server gets its record and the wallet key's proof.
    const recoveryCode = createRecoveryCode();
    const created = await createWallet({ kind: 'code', code: recoveryCode });
    const creator = await unlockDevice(created.device, created.server.device.authShare);
    const { deviceId } = await api.createWallet(token, {
      address: created.address,
      recoveryAuthShare: created.server.recoveryAuthShare,
      recoveryBlob: blobText(created.server.recoveryBlob),
      device: created.server.device,
      proof: await vouch(creator, 'create-wallet', user.id, created.server.device),
    });
    expect(deviceId).toBe(created.device.deviceId);
    expect(await api.getWallet(token)).toMatchObject({ address: created.address, devices: [{ id: deviceId }] });

    // Sign on this device: a fresh login, the server's challenge, the device's proof, the share released.
    const challenge = await api.deviceChallenge(token, deviceId);
    const authShare = await api.releaseAuthShare(token, deviceId, challenge, await proveDevice(created.device, challenge));
    const signer = await unlockDevice(created.device, authShare);
    const signature = await signer.signMessage({ message: 'hello from the frame' });
    expect(await verifyMessage({ address: created.address, message: 'hello from the frame', signature })).toBe(true);

    // A new browser: the recovery material and the printed code give a new device, which the wallet vouches for.
    const material = await api.recovery(token);
    const recovered = await recoverOnNewDevice({ address: created.address, recoveryAuthShare: material.recoveryAuthShare, recoveryBlob: blobOf(material.recoveryBlob) }, { kind: 'code', code: recoveryCode });
    const recoveredSigner = await unlockDevice(recovered.device, recovered.enrollment.authShare);
    await api.addDevice(token, { device: recovered.enrollment, proof: await vouch(recoveredSigner, 'add-device', user.id, recovered.enrollment) });
    const laptopChallenge = await api.deviceChallenge(token, recovered.device.deviceId);
    const laptopShare = await api.releaseAuthShare(token, recovered.device.deviceId, laptopChallenge, await proveDevice(recovered.device, laptopChallenge));
    expect((await unlockDevice(recovered.device, laptopShare)).address).toBe(created.address);

    await api.signOut(token);
    expect(await api.getUser(token)).toBeUndefined();
  });

  it("cannot sign from a copy of the server's database alone", async () => {
    const { token, user } = await logIn(`copy-${process.pid}@example.com`);
    const created = await createWallet({ kind: 'code', code: createRecoveryCode() });
    const creator = await unlockDevice(created.device, created.server.device.authShare);
    await api.createWallet(token, {
      address: created.address,
      recoveryAuthShare: created.server.recoveryAuthShare,
      recoveryBlob: blobText(created.server.recoveryBlob),
      device: created.server.device,
      proof: await vouch(creator, 'create-wallet', user.id, created.server.device),
    });

    // Everything the database holds for this user, as an attacker with a copy of it would read it.
    const db = app.cairn.db;
    const wallet = await db.selectFrom('login_wallets').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const devices = await db.selectFrom('login_devices').selectAll().where('user_id', '=', user.id).execute();
    const stored = [wallet.recovery_auth_share, ...devices.map((row) => row.auth_share)].map((text) => Buffer.from(text, 'base64url'));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    let pairs = 0;
    for (const first of stored) {
      for (const second of stored) {
        if (first === second) continue;
        pairs++;
        const secret = await combineShares(new Uint8Array(first), new Uint8Array(second)).catch(() => undefined);
        if (secret) expect(accountOf(secret).address.toLowerCase()).not.toBe(created.address.toLowerCase());
      }
    }
    expect(pairs).toBeGreaterThan(0);
    // The blob needs the user's factor, which the server never had: another code opens nothing.
    const guess = recoverOnNewDevice({ address: created.address, recoveryAuthShare: wallet.recovery_auth_share, recoveryBlob: blobOf(wallet.recovery_blob) }, { kind: 'code', code: createRecoveryCode() });
    await expect(guess).rejects.toThrow('Wrong passphrase or recovery code');
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
