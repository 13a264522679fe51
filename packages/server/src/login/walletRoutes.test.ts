import { createHash, webcrypto } from 'node:crypto';
import { startMailSink, type MailSink } from '@cairn/devnet/mail';
import { randomUUID } from 'node:crypto';
import { Kysely } from 'kysely';
import { authShareReleaseMessage, embeddedWalletProofMessage, pairingCode, type EmbeddedWalletAction } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../createServer.ts';
import { createDialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { logInByEmail } from '../testing/emailLogin.ts';
import { ACCESS_QUERY, testConfig } from '../testing/testServer.ts';
import { DEVICE_REQUEST_TTL_MS, MAX_DEVICE_REQUESTS_PER_LOGIN } from './deviceRequestStore.ts';
import { LOGIN_ERRORS, WALLET_ERRORS } from './loginErrors.ts';
import { PAIRING_CODE_TRIES } from './loginStore.ts';
import { waitText } from './walletRoutes.ts';
import { MAX_DEVICES, RECOVERY_RELEASES_PER_DAY, RECOVERY_WINDOW_MS } from './walletStore.ts';

const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
let mailbox: MailSink;
beforeAll(async () => {
  mailbox = await startMailSink();
});
afterAll(() => mailbox?.close());
afterEach(() => vi.useRealTimers());

/** A browser's device: its id and key (non-extractable private half, SPKI public half), as the frame makes them. */
async function newDevice() {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64url');
  const deviceId = randomUUID();
  const sign = async (text: string) => Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(text))).toString('base64url');
  return { deviceId, publicKey, sign };
}
type Device = Awaited<ReturnType<typeof newDevice>>;
const enrollment = (device: Device, authShare: string) => ({ deviceId: device.deviceId, authShare, devicePublicKey: device.publicKey });

let unique = 0;
/** Both servers of a suite share it, as replicas do: a login made on one is read on the other. */
const LOGIN_SECRET = 'wallet-routes-test-login-secret-of-32-characters-at-least';
/** Who calls: another client address, headers such as a browser's User-Agent or a proxy's X-Forwarded-For, or the server behind the proxy. */
type From = { remoteAddress?: string; headers?: Record<string, string>; server?: FastifyInstance };
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';

describe.each(await testDatabaseKinds())('embedded wallet shares on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** The same database and secret behind a proxy (TRUST_PROXY): the client's address comes from X-Forwarded-For. */
  let behindProxy: FastifyInstance;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await createServer(testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SMTP_URL: mailbox.smtpUrl, LOGIN_SECRET }));
    await app.ready();
    behindProxy = await createServer(testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SMTP_URL: mailbox.smtpUrl, LOGIN_SECRET, TRUST_PROXY: '127.0.0.1' }));
    await behindProxy.ready();
  }, 60_000);
  afterAll(async () => {
    await behindProxy?.close();
    await app?.close();
    await database?.drop();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: unknown, from: From = {}) =>
    (from.server ?? app).inject({
      method,
      url: `${path}?${ACCESS_QUERY}`,
      headers: { authorization: `Bearer ${token}`, ...from.headers },
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const logIn = (email = `owner-${process.pid}-${++unique}@example.com`) => logInByEmail(app, mailbox, email);

  async function proof(account: PrivateKeyAccount, action: EmbeddedWalletAction, userId: string, device: Device, issuedAt = new Date().toISOString()) {
    return { issuedAt, signature: await account.signMessage({ message: embeddedWalletProofMessage({ action, userId, deviceId: device.deviceId, deviceKey: device.publicKey, issuedAt }) }) };
  }

  async function createWallet() {
    const login = await logIn();
    const account = privateKeyToAccount(generatePrivateKey());
    const device = await newDevice();
    const response = await call('POST', '/auth/v1/wallet', login.token, {
      address: account.address,
      recoveryAuthShare: 'server-recovery-share',
      recoveryBlob: 'encrypted.recovery.blob',
      device: enrollment(device, 'auth-share-of-device-1'),
      proof: await proof(account, 'create-wallet', login.user.id, device),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().deviceId).toBe(device.deviceId);
    return { login, account, device, deviceId: device.deviceId };
  }

  /** As the frame does: the device signs the release text for this challenge, device and wallet. */
  async function releaseShare(token: string, deviceId: string, sign: (text: string) => Promise<string>) {
    const asked = await call('POST', `/auth/v1/wallet/devices/${deviceId}/challenge`, token);
    if (asked.statusCode !== 200) return asked;
    const { challenge } = asked.json();
    const { wallet } = (await call('GET', '/auth/v1/wallet', token)).json();
    const signature = await sign(authShareReleaseMessage({ nonce: challenge, deviceId, address: wallet.address }));
    return call('POST', `/auth/v1/wallet/devices/${deviceId}/share`, token, { challenge, signature });
  }

  it.skipIf(skip)("keeps the wallet's address, and releases a device's share only to that device's key", async () => {
    const { login, account, device, deviceId } = await createWallet();
    const listed = (await call('GET', '/auth/v1/wallet', login.token)).json();
    expect(listed.wallet).toMatchObject({ address: account.address, devices: [{ id: deviceId, lastUsedAt: null }] });

    const released = await releaseShare(login.token, deviceId, device.sign);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ authShare: 'auth-share-of-device-1' });

    const stranger = await newDevice();
    const forged = await releaseShare(login.token, deviceId, stranger.sign);
    expect([forged.statusCode, forged.json().message]).toEqual([401, WALLET_ERRORS.badDeviceSignature]);
  });

  it.skipIf(skip)('refuses a device signature over the bare challenge or for another device', async () => {
    const { login, device, deviceId, account } = await createWallet();
    const { challenge } = (await call('POST', `/auth/v1/wallet/devices/${deviceId}/challenge`, login.token)).json();
    const bare = await call('POST', `/auth/v1/wallet/devices/${deviceId}/share`, login.token, { challenge, signature: await device.sign(challenge) });
    expect([bare.statusCode, bare.json().message]).toEqual([401, WALLET_ERRORS.badDeviceSignature]);
    const again = (await call('POST', `/auth/v1/wallet/devices/${deviceId}/challenge`, login.token)).json().challenge;
    const otherDevice = await call('POST', `/auth/v1/wallet/devices/${deviceId}/share`, login.token, {
      challenge: again,
      signature: await device.sign(authShareReleaseMessage({ nonce: again, deviceId: '00000000-0000-4000-8000-000000000000', address: account.address })),
    });
    expect(otherDevice.statusCode).toBe(401);
  });

  it.skipIf(skip)('takes one answer per challenge, and refuses a replayed one', async () => {
    const { login, device, deviceId } = await createWallet();
    const { challenge } = (await call('POST', `/auth/v1/wallet/devices/${deviceId}/challenge`, login.token)).json();
    const signature = await device.sign(authShareReleaseMessage({ nonce: challenge, deviceId, address: (await call('GET', '/auth/v1/wallet', login.token)).json().wallet.address }));
    expect((await call('POST', `/auth/v1/wallet/devices/${deviceId}/share`, login.token, { challenge, signature })).statusCode).toBe(200);
    const replay = await call('POST', `/auth/v1/wallet/devices/${deviceId}/share`, login.token, { challenge, signature });
    expect([replay.statusCode, replay.json().message]).toEqual([401, WALLET_ERRORS.noChallenge]);
  });

  it.skipIf(skip)('releases nothing on a login older than 10 minutes, nor to another user', async () => {
    const { login, device, deviceId } = await createWallet();
    const other = await logIn();
    const foreign = await releaseShare(other.token, deviceId, device.sign);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, WALLET_ERRORS.unknownDevice]);
    expect((await call('POST', '/auth/v1/wallet/recovery', other.token)).statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const stale = await releaseShare(login.token, deviceId, device.sign);
    expect([stale.statusCode, stale.json().message]).toEqual([403, WALLET_ERRORS.notFresh]);
    expect((await call('POST', '/auth/v1/wallet/recovery', login.token)).statusCode).toBe(403);
  });

  it.skipIf(skip)("adds a new device only with the wallet key's own proof, and bounds the devices", async () => {
    const { login, account } = await createWallet();
    const laptop = await newDevice();

    const byLoginAlone = await call('POST', '/auth/v1/wallet/devices', login.token, {
      device: enrollment(laptop, 'auth-share-laptop'),
      proof: await proof(privateKeyToAccount(generatePrivateKey()), 'add-device', login.user.id, laptop),
    });
    expect([byLoginAlone.statusCode, byLoginAlone.json().message]).toEqual([401, WALLET_ERRORS.badProof]);

    const wrongAction = await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(laptop, 'x'), proof: await proof(account, 'create-wallet', login.user.id, laptop) });
    expect(wrongAction.statusCode).toBe(401);
    const old = await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(laptop, 'x'), proof: await proof(account, 'add-device', login.user.id, laptop, new Date(Date.now() - 11 * 60_000).toISOString()) });
    expect([old.statusCode, old.json().message]).toEqual([401, WALLET_ERRORS.staleProof]);

    const recovered = (await call('POST', '/auth/v1/wallet/recovery', login.token)).json();
    expect(recovered).toEqual({ address: account.address, recoveryAuthShare: 'server-recovery-share', recoveryBlob: 'encrypted.recovery.blob' });
    const added = await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(laptop, 'auth-share-laptop'), proof: await proof(account, 'add-device', login.user.id, laptop) });
    expect(added.statusCode, added.body).toBe(201);
    expect((await releaseShare(login.token, added.json().deviceId, laptop.sign)).json()).toEqual({ authShare: 'auth-share-laptop' });
    const reused = await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(laptop, 'again'), proof: await proof(account, 'add-device', login.user.id, laptop) });
    expect([reused.statusCode, reused.json().message]).toEqual([409, WALLET_ERRORS.deviceIdTaken]);

    for (let n = 2; n < MAX_DEVICES; n++) {
      const device = await newDevice();
      expect((await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(device, `s${n}`), proof: await proof(account, 'add-device', login.user.id, device) })).statusCode).toBe(201);
    }
    const extra = await newDevice();
    const full = await call('POST', '/auth/v1/wallet/devices', login.token, { device: enrollment(extra, 'x'), proof: await proof(account, 'add-device', login.user.id, extra) });
    expect([full.statusCode, full.json().message]).toEqual([409, WALLET_ERRORS.tooManyDevices]);

    const removal = { proof: await proof(account, 'remove-device', login.user.id, laptop) };
    const removed = await call('DELETE', `/auth/v1/wallet/devices/${added.json().deviceId}`, login.token, removal);
    expect(removed.statusCode).toBe(204);
    const again = await call('DELETE', `/auth/v1/wallet/devices/${added.json().deviceId}`, login.token, removal);
    expect([again.statusCode, again.json().message]).toEqual([404, WALLET_ERRORS.unknownDevice]);
    expect((await releaseShare(login.token, added.json().deviceId, laptop.sign)).statusCode).toBe(404);
  });

  it.skipIf(skip)('creates one wallet per user, vouched for by its own key', async () => {
    const { login, account } = await createWallet();
    const device = await newDevice();
    const again = await call('POST', '/auth/v1/wallet', login.token, {
      address: account.address, recoveryAuthShare: 'a', recoveryBlob: 'b', device: enrollment(device, 'c'),
      proof: await proof(account, 'create-wallet', login.user.id, device),
    });
    expect([again.statusCode, again.json().message]).toEqual([409, WALLET_ERRORS.walletExists]);

    const fresh = await logIn();
    const notTheirs = await call('POST', '/auth/v1/wallet', fresh.token, {
      address: account.address, recoveryAuthShare: 'a', recoveryBlob: 'b', device: enrollment(device, 'c'),
      proof: await proof(privateKeyToAccount(generatePrivateKey()), 'create-wallet', fresh.user.id, device),
    });
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([401, WALLET_ERRORS.badProof]);
    expect((await call('GET', '/auth/v1/wallet', fresh.token)).json()).toEqual({ wallet: null });
  });

  it.skipIf(skip)('refuses a key that is not a P-256 public key, malformed shares and bad ids with clear texts', async () => {
    const login = await logIn();
    const account = privateKeyToAccount(generatePrivateKey());
    const device = await newDevice();
    const base = { address: account.address, recoveryAuthShare: 'a', recoveryBlob: 'b', device: enrollment(device, 'c'), proof: await proof(account, 'create-wallet', login.user.id, device) };
    const notAKey = await call('POST', '/auth/v1/wallet', login.token, { ...base, device: { ...base.device, devicePublicKey: 'A'.repeat(122) } });
    expect([notAKey.statusCode, notAKey.json().message]).toEqual([400, WALLET_ERRORS.invalidDeviceKey]);
    for (const bad of [{ device: { ...base.device, authShare: '' } }, { device: { ...base.device, deviceId: 'mine' } }, { recoveryAuthShare: 'x'.repeat(3000) }, { recoveryBlob: '<script>' }, { address: 'alice' }, { proof: { issuedAt: 'now', signature: 'nope' } }]) {
      const response = await call('POST', '/auth/v1/wallet', login.token, { ...base, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', '/auth/v1/wallet/devices/not-a-uuid/challenge', login.token)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/auth/v1/wallet?${ACCESS_QUERY}` })).statusCode).toBe(401);
  });
  it.skipIf(skip)("leaves another user's device, and its pending challenge, as they are when someone else removes it (issue 22)", async () => {
    const victim = await createWallet();
    const { challenge } = (await call('POST', `/auth/v1/wallet/devices/${victim.deviceId}/challenge`, victim.login.token)).json();
    const intruder = await createWallet();
    const removed = await call('DELETE', `/auth/v1/wallet/devices/${victim.deviceId}`, intruder.login.token);
    expect([removed.statusCode, removed.json().message]).toEqual([404, WALLET_ERRORS.unknownDevice]);
    // The victim's challenge still answers: nothing of theirs was deleted.
    const { wallet } = (await call('GET', '/auth/v1/wallet', victim.login.token)).json();
    const signature = await victim.device.sign(authShareReleaseMessage({ nonce: challenge, deviceId: victim.deviceId, address: wallet.address }));
    const released = await call('POST', `/auth/v1/wallet/devices/${victim.deviceId}/share`, victim.login.token, { challenge, signature });
    expect([released.statusCode, released.json()]).toEqual([200, { authShare: 'auth-share-of-device-1' }]);
    expect(wallet.devices).toHaveLength(1);
  });

  it.skipIf(skip)("removes a device only with the wallet key's proof: a login alone (a taken mailbox) cannot lock the owner's devices out", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    // The thief reads the owner's next code from the mailbox (after SPEC's 30 s): a fresh login of the same user.
    vi.setSystemTime(start + 31_000);
    const thief = await logIn(owner.login.user.email);
    expect(thief.user.id).toBe(owner.login.user.id);
    const removeWith = (body?: unknown) => call('DELETE', `/auth/v1/wallet/devices/${owner.deviceId}`, thief.token, body);
    expect([(await removeWith()).statusCode, (await removeWith()).json().message]).toEqual([401, WALLET_ERRORS.removeNeedsProof]);
    expect((await removeWith({})).statusCode).toBe(401);
    // A proof by a key of his own, or the wallet's proof for another action (add-device), is not the wallet's removal.
    const own = privateKeyToAccount(generatePrivateKey());
    expect((await removeWith({ proof: await proof(own, 'remove-device', thief.user.id, owner.device) })).json().message).toBe(WALLET_ERRORS.badProof);
    expect((await removeWith({ proof: await proof(owner.account, 'add-device', owner.login.user.id, owner.device) })).json().message).toBe(WALLET_ERRORS.badProof);
    // The owner's device still opens the wallet.
    expect((await releaseShare(owner.login.token, owner.deviceId, owner.device.sign)).json()).toEqual({ authShare: 'auth-share-of-device-1' });
    // The owner's own frame, holding the wallet key, removes it.
    expect((await removeWith({ proof: await proof(owner.account, 'remove-device', owner.login.user.id, owner.device) })).statusCode).toBe(204);
    expect((await call('GET', '/auth/v1/wallet', thief.token)).json().wallet.devices).toEqual([]);
    // The login that opened the wallet on the removed device ended with it (session 22).
    expect((await call('GET', '/auth/v1/user', owner.login.token)).statusCode).toBe(401);
  });

  it.skipIf(skip)("ends the logins of a removed device, not the other devices' nor another account's; the liveness check tells them apart", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    const other = await createWallet();
    const live = (token: string, deviceId: string) => call('GET', `/auth/v1/wallet/devices/${deviceId}/live`, token);
    expect((await live(owner.login.token, owner.deviceId)).json()).toEqual({ live: true });
    // The laptop enrolls by the recovery factor with a login of its own, and opens the wallet with its share.
    vi.setSystemTime(start + 31_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await newDevice();
    const added = await call('POST', '/auth/v1/wallet/devices', laptopLogin.token, { device: enrollment(laptop, 'auth-share-laptop'), proof: await proof(owner.account, 'add-device', owner.login.user.id, laptop) });
    expect(added.statusCode, added.body).toBe(201);
    expect((await releaseShare(laptopLogin.token, laptop.deviceId, laptop.sign)).statusCode).toBe(200);
    // A login that opened no wallet (it waits for an approval, say).
    vi.setSystemTime(start + 62_000);
    const bare = await logIn(owner.login.user.email);
    expect((await live(laptopLogin.token, laptop.deviceId)).json()).toEqual({ live: true });

    const removed = await call('DELETE', `/auth/v1/wallet/devices/${laptop.deviceId}`, owner.login.token, { proof: await proof(owner.account, 'remove-device', owner.login.user.id, laptop) });
    expect(removed.statusCode, removed.body).toBe(204);
    // The laptop's login ended; its frame's next check says why.
    expect((await call('GET', '/auth/v1/user', laptopLogin.token)).statusCode).toBe(401);
    expect((await call('GET', '/auth/v1/wallet', laptopLogin.token)).statusCode).toBe(401);
    const check = await live(laptopLogin.token, laptop.deviceId);
    expect([check.statusCode, check.json().message]).toEqual([410, WALLET_ERRORS.deviceRemoved]);
    // The phone's login, the bare one and another account's live on.
    expect((await live(owner.login.token, owner.deviceId)).json()).toEqual({ live: true });
    expect((await call('GET', '/auth/v1/user', bare.token)).statusCode).toBe(200);
    expect((await live(bare.token, laptop.deviceId)).statusCode).toBe(410);
    expect((await live(other.login.token, other.deviceId)).json()).toEqual({ live: true });
    // A login ended otherwise (signed out) is 401, not 'removed'; another account's device is not this login's.
    expect((await call('POST', '/auth/v1/user/signout', bare.token, {})).statusCode).toBe(204);
    expect((await live(bare.token, owner.deviceId)).statusCode).toBe(401);
    expect((await live(owner.login.token, other.deviceId)).statusCode).toBe(410);
    expect((await live('A'.repeat(43), owner.deviceId)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/auth/v1/wallet/devices/${owner.deviceId}/live?${ACCESS_QUERY}` })).statusCode).toBe(401);
    expect((await live(owner.login.token, 'not-a-uuid')).statusCode).toBe(400);
  });

  it.skipIf(skip)("signs out everywhere else (session 23): ends the account's other logins and their waiting device requests, not the caller's nor another account's; only with the wallet key's proof", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    const other = await createWallet();
    const signOutOthers = (token: string, body: unknown) => call('POST', '/auth/v1/wallet/sign-out-others', token, body);
    const live = (token: string, deviceId: string) => call('GET', `/auth/v1/wallet/devices/${deviceId}/live`, token);
    // The laptop opened the wallet with a login of its own; a thief (the mailbox) holds another, with a device request waiting.
    vi.setSystemTime(start + 31_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await newDevice();
    expect((await call('POST', '/auth/v1/wallet/devices', laptopLogin.token, { device: enrollment(laptop, 'auth-share-laptop'), proof: await proof(owner.account, 'add-device', owner.login.user.id, laptop) })).statusCode).toBe(201);
    vi.setSystemTime(start + 62_000);
    const thief = await logIn(owner.login.user.email);
    const thiefDevice = await newDevice();
    const asked = await call('POST', '/auth/v1/wallet/device-requests', thief.token, { deviceId: thiefDevice.deviceId, devicePublicKey: thiefDevice.publicKey, exchangeKey: (await newDevice()).publicKey });
    expect(asked.statusCode, asked.body).toBe(201);
    const thiefRequest = asked.json().request;

    // A login alone (the thief's) cannot: a proof by another key, or the wallet key's proof for another action, ends nothing.
    const ownerDevice = { deviceId: owner.deviceId, publicKey: owner.device.publicKey } as Device;
    const forged = await signOutOthers(thief.token, { deviceId: owner.deviceId, proof: await proof(privateKeyToAccount(generatePrivateKey()), 'sign-out-others', owner.login.user.id, ownerDevice) });
    expect([forged.statusCode, forged.json().message]).toEqual([401, WALLET_ERRORS.badProof]);
    const otherAction = await signOutOthers(thief.token, { deviceId: owner.deviceId, proof: await proof(owner.account, 'remove-device', owner.login.user.id, ownerDevice) });
    expect(otherAction.statusCode).toBe(401);
    expect((await call('GET', '/auth/v1/user', owner.login.token)).statusCode).toBe(200);
    // Bad input: no proof, a device id that is no uuid, another account's device.
    expect((await signOutOthers(owner.login.token, { deviceId: owner.deviceId })).statusCode).toBe(400);
    expect((await signOutOthers(owner.login.token, { deviceId: 'not-a-uuid', proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) })).statusCode).toBe(400);
    const foreign = await signOutOthers(owner.login.token, { deviceId: other.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, other.device) });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, WALLET_ERRORS.unknownDevice]);

    // The phone signs out everywhere else: the laptop's and the thief's logins end; the phone's and another account's live on.
    vi.setSystemTime(start + 93_000);
    const signedOut = await signOutOthers(owner.login.token, { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) });
    expect([signedOut.statusCode, signedOut.json()]).toEqual([200, { ended: 2 }]);
    for (const ended of [laptopLogin.token, thief.token]) expect((await call('GET', '/auth/v1/user', ended)).statusCode).toBe(401);
    // The laptop's running frame hears 401 at its next check (its device is still enrolled: not 'removed').
    const laptopCheck = await live(laptopLogin.token, laptop.deviceId);
    expect([laptopCheck.statusCode, laptopCheck.json().message]).toEqual([401, LOGIN_ERRORS.loginEnded]);
    expect((await live(owner.login.token, owner.deviceId)).json()).toEqual({ live: true });
    expect((await live(other.login.token, other.deviceId)).json()).toEqual({ live: true });
    expect((await call('GET', '/auth/v1/wallet', owner.login.token)).json().wallet.devices).toHaveLength(2);
    // The thief's waiting request went with his login: the owner can no longer approve it by its id.
    const approveThief = await call('POST', `/auth/v1/wallet/device-requests/${thiefRequest.id}/approve`, owner.login.token, {
      device: enrollment(thiefDevice, 'auth-share-thief'),
      sealedShare: { ephemeralKey: 'ZXBoZW1lcmFs', iv: 'aXYtMTI', ciphertext: 'c2VhbGVk' },
      proof: await proof(owner.account, 'add-device', owner.login.user.id, thiefDevice),
    });
    expect([approveThief.statusCode, approveThief.json().message]).toEqual([404, WALLET_ERRORS.unknownDeviceRequest]);
    // Again, with a new proof (one is used once): nothing else to end.
    vi.setSystemTime(start + 94_000);
    expect((await signOutOthers(owner.login.token, { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) })).json()).toEqual({ ended: 0 });

    // No token, a made-up token, an ended login: 401, whatever the proof.
    const body = { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) };
    const bare = await app.inject({ method: 'POST', url: `/auth/v1/wallet/sign-out-others?${ACCESS_QUERY}`, payload: body });
    expect([bare.statusCode, bare.json().message]).toEqual([401, LOGIN_ERRORS.noLogin]);
    const madeUp = await signOutOthers('A'.repeat(43), body);
    expect([madeUp.statusCode, madeUp.json().message]).toEqual([401, LOGIN_ERRORS.loginEnded]);
    const endedLogin = await signOutOthers(laptopLogin.token, body);
    expect([endedLogin.statusCode, endedLogin.json().message]).toEqual([401, LOGIN_ERRORS.loginEnded]);
    expect((await call('GET', '/auth/v1/user', owner.login.token)).statusCode).toBe(200);
  });

  it.skipIf(skip)('uses a sign-out-others proof once (session 24): the same proof again, by any login, even at once, or past its window, is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    const ownerDevice = { deviceId: owner.deviceId, publicKey: owner.device.publicKey } as Device;
    // From a client of its own: the route's per-client limit (10 a minute) is the other test's to spend.
    const signOutOthers = (token: string, body: unknown) =>
      app.inject({ method: 'POST', url: `/auth/v1/wallet/sign-out-others?${ACCESS_QUERY}`, headers: { authorization: `Bearer ${token}` }, payload: body as object, remoteAddress: '203.0.113.24' });
    const loggedIn = async (token: string) => (await call('GET', '/auth/v1/user', token)).statusCode === 200;
    vi.setSystemTime(start + 31_000);
    const laptop = await logIn(owner.login.user.email);
    const body = { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) };
    expect((await signOutOthers(owner.login.token, body)).json()).toEqual({ ended: 1 });
    expect(await loggedIn(laptop.token)).toBe(false);

    // A thief's login that saw the proof in passing sends it again, within its window: refused, the owner's login lives on.
    vi.setSystemTime(start + 62_000);
    const thief = await logIn(owner.login.user.email);
    const replayed = await signOutOthers(thief.token, body);
    expect([replayed.statusCode, replayed.json().message]).toEqual([401, WALLET_ERRORS.usedProof]);
    expect(await loggedIn(owner.login.token)).toBe(true);
    // The owner's own login sends it again: refused too (the thief's login is not ended by a replay).
    const again = await signOutOthers(owner.login.token, body);
    expect([again.statusCode, again.json().message]).toEqual([401, WALLET_ERRORS.usedProof]);
    expect(await loggedIn(thief.token)).toBe(true);
    // The same signed message with its signature's other valid form (s and n - s): the message is what is used, not the bytes.
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const signature = body.proof.signature;
    const flippedS = (n - BigInt(`0x${signature.slice(66, 130)}`)).toString(16).padStart(64, '0');
    const flippedV = signature.slice(130) === '1b' ? '1c' : '1b';
    const malleated = await signOutOthers(thief.token, { ...body, proof: { ...body.proof, signature: `${signature.slice(0, 66)}${flippedS}${flippedV}` } });
    expect(malleated.statusCode).toBe(401);
    expect(await loggedIn(owner.login.token)).toBe(true);

    // A fresh proof, sent twice at once (two tabs, two replicas): one ends the thief's login, the other is refused.
    vi.setSystemTime(start + 93_000);
    const fresh = { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice) };
    const both = await Promise.all([signOutOthers(owner.login.token, fresh), signOutOthers(owner.login.token, fresh)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(both.find((answer) => answer.statusCode === 401)!.json().message).toBe(WALLET_ERRORS.usedProof);
    expect(await loggedIn(thief.token)).toBe(false);

    // A proof past its 10-minute window: refused as stale (it was never used, and could not be).
    const late = await logIn(owner.login.user.email);
    const old = { deviceId: owner.deviceId, proof: await proof(owner.account, 'sign-out-others', owner.login.user.id, ownerDevice, new Date(Date.now() - 10 * 60_000 - 1_000).toISOString()) };
    const stale = await signOutOthers(owner.login.token, old);
    expect([stale.statusCode, stale.json().message]).toEqual([401, WALLET_ERRORS.staleProof]);
    expect(await loggedIn(late.token)).toBe(true);
  });

  it.skipIf(skip)("leaves an approval to the new device it is sealed to: another login of the account reading it first takes nothing away", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    // The owner's new laptop logs in and asks; the owner's open device approves it with the wallet key.
    vi.setSystemTime(start + 31_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await newDevice();
    const exchange = await newDevice();
    const asked = await call('POST', '/auth/v1/wallet/device-requests', laptopLogin.token, { deviceId: laptop.deviceId, devicePublicKey: laptop.publicKey, exchangeKey: exchange.publicKey });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json().request;
    const sealedShare = { ephemeralKey: 'ZXBoZW1lcmFs', iv: 'aXYtMTI', ciphertext: 'c2VhbGVkLXRvLXRoZS1sYXB0b3A' };
    const approved = await call('POST', `/auth/v1/wallet/device-requests/${id}/approve`, owner.login.token, {
      device: enrollment(laptop, 'auth-share-laptop'),
      sealedShare,
      proof: await proof(owner.account, 'add-device', owner.login.user.id, laptop),
    });
    expect(approved.statusCode, approved.body).toBe(201);

    // The thief (the mailbox's next code) polls the request before the laptop does.
    vi.setSystemTime(start + 62_000);
    const thief = await logIn(owner.login.user.email);
    expect((await call('GET', `/auth/v1/wallet/device-requests/${id}`, thief.token)).json()).toEqual({ status: 'approved', sealedShare });
    // The laptop still gets its approval, and once it unlocks with its own key the request is done.
    expect((await call('GET', `/auth/v1/wallet/device-requests/${id}`, laptopLogin.token)).json()).toEqual({ status: 'approved', sealedShare });
    expect((await releaseShare(laptopLogin.token, laptop.deviceId, laptop.sign)).json()).toEqual({ authShare: 'auth-share-laptop' });
    expect((await call('GET', `/auth/v1/wallet/device-requests/${id}`, laptopLogin.token)).statusCode).toBe(404);
  });

  /** A new device's request from this login: its keys, the server's answer, and the code its screen shows. */
  async function askToOpen(token: string, from: From = {}) {
    const device = await newDevice();
    const exchange = await newDevice();
    const asked = await call('POST', '/auth/v1/wallet/device-requests', token, { deviceId: device.deviceId, devicePublicKey: device.publicKey, exchangeKey: exchange.publicKey }, from);
    return { device, asked, code: asked.statusCode === 201 ? pairingCode(asked.json().request) : undefined };
  }
  const findByCode = (token: string, code: string, from: From = {}) => call('POST', '/auth/v1/wallet/device-requests/find', token, { code }, from);

  it.skipIf(skip)("finds the owner's new device by the code it shows while a login holder keeps any number of requests waiting (session 21)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    // The thief (the mailbox) fills his logins' requests: 3 each; a 4th from the same login is refused.
    const thiefCodes: string[] = [];
    for (const [n, at] of [31_000, 62_000].entries()) {
      vi.setSystemTime(start + at);
      const thief = await logIn(owner.login.user.email);
      for (let more = 0; more < MAX_DEVICE_REQUESTS_PER_LOGIN; more++) thiefCodes.push((await askToOpen(thief.token)).code!);
      const refused = (await askToOpen(thief.token)).asked;
      expect([n, refused.statusCode, refused.json().message]).toEqual([n, 429, WALLET_ERRORS.tooManyDeviceRequests]);
    }
    // Before session 21 the account's 3 were full here: the owner's new device got a 429 and no code.
    vi.setSystemTime(start + 93_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await askToOpen(laptopLogin.token);
    expect(laptop.asked.statusCode, laptop.asked.body).toBe(201);
    // No device lists the account's requests any more: nothing for the owner's screen to be flooded with.
    expect((await call('GET', '/auth/v1/wallet/device-requests', owner.login.token)).statusCode).toBe(404);

    // The owner types the laptop's code on the open device (its login long past fresh): that request, and only it.
    vi.setSystemTime(start + 11 * 60_000);
    const found = await findByCode(owner.login.token, laptop.code!.toLowerCase().replace('-', ' '));
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().request).toMatchObject({ id: laptop.asked.json().request.id, deviceId: laptop.device.deviceId });
    expect(thiefCodes).not.toContain(laptop.code);
    const approved = await call('POST', `/auth/v1/wallet/device-requests/${found.json().request.id}/approve`, owner.login.token, {
      device: enrollment(laptop.device, 'auth-share-laptop'),
      sealedShare: { ephemeralKey: 'ZXBoZW1lcmFs', iv: 'aXYtMTI', ciphertext: 'c2VhbGVkLXRvLXRoZS1sYXB0b3A' },
      proof: await proof(owner.account, 'add-device', owner.login.user.id, laptop.device),
    });
    expect(approved.statusCode, approved.body).toBe(201);
    // Answered: the code finds nothing now.
    expect((await findByCode(owner.login.token, laptop.code!)).statusCode).toBe(404);
  });

  it.skipIf(skip)("counts a login's codes against that login only, right ones too, and finds no request of a login that ended (session 21)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    vi.setSystemTime(start + 31_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await askToOpen(laptopLogin.token);
    // What cannot be a code is refused as such and costs no try.
    for (const code of ['K3T9', 'U'.repeat(8), 'x'.repeat(33)]) expect((await findByCode(owner.login.token, code)).statusCode).toBe(400);
    // Someone else's login (the mailbox) spends his own tries guessing, his own request's right code
    // between the guesses buying him none back; then he is told to wait.
    vi.setSystemTime(start + 62_000);
    const thief = await logIn(owner.login.user.email);
    const own = await askToOpen(thief.token);
    const wrong = [laptop.code, own.code].includes('0000-0000') ? ([laptop.code, own.code].includes('0000-0001') ? '0000-0002' : '0000-0001') : '0000-0000';
    for (let n = 0; n < PAIRING_CODE_TRIES; n++) {
      if (n % 2 === 1) expect((await findByCode(thief.token, own.code!)).statusCode).toBe(200);
      else expect([(await findByCode(thief.token, wrong)).json().message]).toEqual([WALLET_ERRORS.unknownPairingCode]);
    }
    const stopped = await findByCode(thief.token, laptop.code!);
    expect([stopped.statusCode, stopped.json().message, stopped.headers['retry-after']]).toEqual([429, WALLET_ERRORS.pairingCodeTries(PAIRING_CODE_TRIES, '10 minutes'), '600']);
    // The owner's login has all of its own: a typo, then the code.
    expect((await findByCode(owner.login.token, wrong)).statusCode).toBe(404);
    expect((await findByCode(owner.login.token, laptop.code!)).json().request.deviceId).toBe(laptop.device.deviceId);
    // A right code spends a try too (else a login's own request's code would buy guesses back).
    for (let n = 0; n < PAIRING_CODE_TRIES - 3; n++) expect((await findByCode(owner.login.token, wrong)).statusCode).toBe(404);
    // The laptop's login ends (signed out): its request is found no more.
    expect((await call('POST', '/auth/v1/user/signout', laptopLogin.token, {})).statusCode).toBeLessThan(300);
    expect((await findByCode(owner.login.token, laptop.code!)).statusCode).toBe(404);
    expect((await findByCode(owner.login.token, laptop.code!)).statusCode).toBe(429);
  });

  /** The database's device-request rows, read directly: what a copy of it would hold. */
  async function requestRows() {
    const db = new Kysely<Database>({ dialect: createDialect(database.config) });
    try {
      return await db.selectFrom('login_device_requests').selectAll().execute();
    } finally {
      await db.destroy();
    }
  }

  it.skipIf(skip)("tells the open device the requester's browser and whether it asked from the same network, never an address, for the request's life (session 25)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    const phone = { remoteAddress: '203.0.113.7' };
    const asks: { from: From; expected: object }[] = [
      // The owner's laptop at home, beside the phone: one IPv4 address behind the router.
      { from: { remoteAddress: '203.0.113.7', headers: { 'user-agent': CHROME_ON_LINUX } }, expected: { browser: 'Chrome', system: 'Linux', sameNetwork: true } },
      // A login holder elsewhere, claiming the phone's address in a header no proxy vouches for (TRUST_PROXY unset).
      { from: { remoteAddress: '198.51.100.20', headers: { 'user-agent': SAFARI_ON_IPHONE, 'x-forwarded-for': '203.0.113.7' } }, expected: { browser: 'Safari', system: 'iOS', sameNetwork: false } },
      // No User-Agent: nothing claimed; written IPv4-mapped, the phone's address is the same network.
      { from: { remoteAddress: '::ffff:203.0.113.7' }, expected: { browser: null, system: null, sameNetwork: true } },
    ];
    const ids: string[] = [];
    const answers: string[] = [];
    for (const [n, { from, expected }] of asks.entries()) {
      vi.setSystemTime(start + (n + 1) * 31_000);
      const login = await logIn(owner.login.user.email);
      const asked = await askToOpen(login.token, from);
      expect(asked.asked.statusCode, asked.asked.body).toBe(201);
      ids.push(asked.asked.json().request.id);
      const found = await findByCode(owner.login.token, asked.code!, phone);
      expect([n, found.statusCode, found.json().request.requester]).toEqual([n, 200, expected]);
      answers.push(asked.asked.body, found.body);
    }
    // IPv6: the same /64 is the same network (one host commonly holds it whole), another /64 is not.
    vi.setSystemTime(start + 4 * 31_000);
    const v6Login = await logIn(owner.login.user.email);
    const v6 = await askToOpen(v6Login.token, { remoteAddress: '2001:db8:1:2::10', headers: { 'user-agent': CHROME_ON_LINUX } });
    expect((await findByCode(owner.login.token, v6.code!, { remoteAddress: '2001:db8:1:2:aaaa::99' })).json().request.requester.sameNetwork).toBe(true);
    const elsewhere = await findByCode(owner.login.token, v6.code!, { remoteAddress: '2001:db8:1:3::10' });
    expect(elsewhere.json().request.requester.sameNetwork).toBe(false);
    answers.push(v6.asked.body, elsewhere.body);
    ids.push(v6.asked.json().request.id);

    // No answer and no row holds an address, whole or plainly hashed.
    const addresses = ['203.0.113.7', '198.51.100.20', '2001:db8:1:2', '2001:db8:1:3'];
    for (const answer of answers) for (const address of addresses) expect(answer).not.toContain(address);
    const rows = (await requestRows()).filter((row) => ids.includes(row.id));
    expect(rows).toHaveLength(ids.length);
    const stored = JSON.stringify(rows);
    for (const address of [...addresses, createHash('sha256').update('203.0.113.7').digest('hex')]) expect(stored).not.toContain(address);
    expect(new Set(rows.map((row) => row.requester_network)).size).toBe(3);

    // The request's 10 minutes end: the next request made drops the rows, what they said of the requester with them.
    vi.setSystemTime(start + 4 * 31_000 + DEVICE_REQUEST_TTL_MS);
    const later = await logIn(owner.login.user.email);
    expect((await askToOpen(later.token)).asked.statusCode).toBe(201);
    expect((await requestRows()).filter((row) => ids.includes(row.id))).toEqual([]);
  });

  it.skipIf(skip)("takes the requester's network from X-Forwarded-For only behind TRUST_PROXY (session 25)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const owner = await createWallet();
    // Every call comes from the proxy (127.0.0.1); the client is the header's last address.
    const viaProxy = (client: string, userAgent?: string): From => ({ server: behindProxy, headers: { 'x-forwarded-for': client, ...(userAgent ? { 'user-agent': userAgent } : {}) } });
    const phone = viaProxy('203.0.113.7');
    vi.setSystemTime(start + 31_000);
    const laptopLogin = await logIn(owner.login.user.email);
    const laptop = await askToOpen(laptopLogin.token, viaProxy('203.0.113.7', CHROME_ON_LINUX));
    vi.setSystemTime(start + 62_000);
    const thiefLogin = await logIn(owner.login.user.email);
    // A client's own X-Forwarded-For comes first; the proxy appends the address it saw.
    const thief = await askToOpen(thiefLogin.token, viaProxy('203.0.113.7, 192.0.2.66', SAFARI_ON_IPHONE));
    expect((await findByCode(owner.login.token, laptop.code!, phone)).json().request.requester).toEqual({ browser: 'Chrome', system: 'Linux', sameNetwork: true });
    expect((await findByCode(owner.login.token, thief.code!, phone)).json().request.requester).toEqual({ browser: 'Safari', system: 'iOS', sameNetwork: false });
    // At the server that trusts no proxy the header counts for nothing: a finder naming the thief's network (192.0.2.66, as the
    // proxy vouched) in it is still 127.0.0.1; only a finder at that address shares it.
    expect((await findByCode(owner.login.token, thief.code!, { headers: { 'x-forwarded-for': '192.0.2.66' } })).json().request.requester.sameNetwork).toBe(false);
    expect((await findByCode(owner.login.token, thief.code!, { remoteAddress: '192.0.2.66' })).json().request.requester.sameNetwork).toBe(true);
  });

  it.skipIf(skip)(`releases the recovery material ${RECOVERY_RELEASES_PER_DAY} times in 24 hours, then says when to come back (issue 22)`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const { login } = await createWallet();
    for (let n = 0; n < RECOVERY_RELEASES_PER_DAY; n++) {
      vi.setSystemTime(start + n * 60_000);
      expect((await call('POST', '/auth/v1/wallet/recovery', login.token)).statusCode).toBe(200);
    }
    vi.setSystemTime(start + 9 * 60_000);
    const refused = await call('POST', '/auth/v1/wallet/recovery', login.token);
    expect([refused.statusCode, refused.json().message]).toEqual([429, WALLET_ERRORS.recoveryLimit(RECOVERY_RELEASES_PER_DAY, '24 hours')]);
    expect(refused.headers['retry-after']).toBe(String((RECOVERY_WINDOW_MS - 9 * 60_000) / 1000));
    // A fresh login does not reset it: the count is the wallet's, in the database.
    vi.setSystemTime(start + RECOVERY_WINDOW_MS - 60_000);
    const { token } = await logIn(login.email);
    const stillRefused = await call('POST', '/auth/v1/wallet/recovery', token);
    expect([stillRefused.statusCode, stillRefused.json().message]).toEqual([429, WALLET_ERRORS.recoveryLimit(RECOVERY_RELEASES_PER_DAY, '1 minute')]);
    vi.setSystemTime(start + RECOVERY_WINDOW_MS);
    expect((await call('POST', '/auth/v1/wallet/recovery', token)).statusCode).toBe(200);
  });
});

it('says a wait in minutes, then in hours', () => {
  expect([1, 60, 61, 7140, 7200, 7201, 86_400].map(waitText)).toEqual(['1 minute', '1 minute', '2 minutes', '119 minutes', '2 hours', '3 hours', '24 hours']);
});
