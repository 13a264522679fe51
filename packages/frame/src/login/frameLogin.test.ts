import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoginApi, embeddedWalletProofMessage, HttpError, RequestTimeoutError, SOCIAL_CALLBACK_MESSAGE, SOCIAL_CALLBACK_PARAMS, type LoginApi } from '@cairn/core/internal';
import { codeFromMail, startMailSink, type MailSink } from '@cairn/devnet/mail';
import { signInAtLocalProvider, startLocalOidcProvider, type LocalOidcProvider } from '@cairn/devnet/oidc';
import { createServer, loadConfig } from '@cairn/server';
import type { FastifyInstance } from 'fastify';
import { toHex, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDeviceStore } from '../custody/deviceStore.ts';
import { createRecoveryCode } from '../custody/recoveryCode.ts';
import { combineShares } from '../custody/shares.ts';
import { accountOf, generateWalletSecret } from '../custody/walletSecret.ts';
import { recoverOnNewDevice, shareWithDevice } from '../custody/wallet.ts';
import { pairingCode } from '../custody/deviceHandoff.ts';
import type { RecoveryFactor } from '../custody/recoveryBlob.ts';
import type { DeviceManager } from './deviceManagement.ts';
import { FRAME_LOGIN_ERRORS, FrameLogin } from './frameLogin.ts';
import { DEVICE_REMOVED } from './openWallet.ts';
import { memoryLoginTokenStore } from './loginTokenStore.ts';
import type { MessageListenerTarget } from '../protocol/messaging.ts';
import { windowSocialAnswers } from './socialAnswers.ts';
import { approvalRpc } from '../page/approvalRpc.ts';

// The frame's login against the real server over HTTP (core's client, every answer parsed by core's
// wire shapes), the local mailbox over SMTP and the local OpenID Connect provider.
const PROJECT_ID = 'cairn-local';
const FRAME_ORIGIN = 'http://127.0.0.1:5174';
let mailbox: MailSink;
let provider: LocalOidcProvider;
let app: FastifyInstance;
let api: LoginApi;
let callbackUrl: string;
const databasePath = join(tmpdir(), `cairn-frame-login-${process.pid}-${randomBytes(4).toString('hex')}.sqlite`);

const serverEnv = (port: number, extra: NodeJS.ProcessEnv = {}) => ({
  SERVER_PORT: String(port),
  DATABASE_URL: `sqlite:${databasePath}`,
  RPC_URL_31337: 'http://127.0.0.1:9',
  INDEXER_ENABLED: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  EMAIL_CODE_RATE_LIMIT_PER_MINUTE: '1000000',
  ...extra,
});

beforeAll(async () => {
  mailbox = await startMailSink();
  // The callback names the server's port: take a free one first, then start the provider for it.
  const probe = await createServer(loadConfig(serverEnv(0)));
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.server.address() as AddressInfo).port;
  await probe.close();
  callbackUrl = `http://127.0.0.1:${port}/auth/v1/social/callback`;
  provider = await startLocalOidcProvider({ redirectUris: [callbackUrl] });
  app = await createServer(
    loadConfig(
      serverEnv(port, {
        SMTP_URL: mailbox.smtpUrl,
        SOCIAL_CALLBACK_URL: callbackUrl,
        SOCIAL_GOOGLE_CLIENT_ID: provider.clientId,
        SOCIAL_GOOGLE_CLIENT_SECRET: provider.clientSecret,
        SOCIAL_GOOGLE_ISSUER: provider.issuer,
      }),
    ),
  );
  await app.listen({ port, host: '127.0.0.1' });
  // Requests as the frame's page sends them, from its origin (the devnet's FRAME_ORIGINS).
  api = createLoginApi({ url: `http://127.0.0.1:${port}`, projectId: PROJECT_ID }, { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: FRAME_ORIGIN } }) });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await provider?.close();
  await mailbox?.close();
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) rmSync(file, { force: true });
});
afterEach(() => vi.useRealTimers());

/** A browser's frame: its own device store and login storage; the user's recovery code when asked. */
function frameIn(browser: { devices?: ReturnType<typeof memoryDeviceStore>; tokens?: ReturnType<typeof memoryLoginTokenStore>; server?: LoginApi }, factor: RecoveryFactor) {
  const prompts = {
    chooseFactor: vi.fn(async () => factor),
    askFactor: vi.fn(async () => factor),
    showExport: vi.fn(async (_mnemonic: string) => undefined),
    // A new device goes straight to the recovery factor unless a test waits for an approval.
    awaitApproval: vi.fn(async (_code: string, _approved: Promise<void>): Promise<'approved' | 'recover'> => 'recover'),
    // The devices screen: closed at once unless a test acts on it as the person would.
    manageDevices: vi.fn(async (_manager: DeviceManager) => undefined),
    // No Farcaster login here (farcasterConfirmation.test.ts has one): a visitor who would say it is not them.
    confirmFarcaster: vi.fn(async () => false),
  };
  const devices = browser.devices ?? memoryDeviceStore();
  const tokens = browser.tokens ?? memoryLoginTokenStore();
  // The frame's window, where the server's callback page posts the provider's answer.
  const frameWindow = new EventTarget() as EventTarget & MessageListenerTarget;
  return { login: new FrameLogin({ api: browser.server ?? api, devices, tokens, prompts, socialAnswers: windowSocialAnswers(frameWindow), socialTimeoutMs: 5000, devicePollMs: 50 }), prompts, devices, tokens, frameWindow };
}

let unique = 0;
const newEmail = (name: string) => `${name}-${process.pid}-${++unique}@example.com`;

async function logInByEmail(login: FrameLogin, email: string) {
  const after = mailbox.messages().at(-1)?.id ?? 0;
  // SPEC §4: a browser whose frame has no device yet registers one first.
  if ((await login.startEmail(email)).action === 'VERIFY_DEVICE') await login.registerDevice();
  return login.verifyOtp(codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after)));
}

describe("the frame's login", () => {
  it('makes a wallet on the first login, signs with it, and opens it again after a reload without asking anything', async () => {
    const code = createRecoveryCode();
    const first = frameIn({}, { kind: 'code', code });
    const email = newEmail('ann');
    const signer = await logInByEmail(first.login, email);
    expect(first.prompts.chooseFactor).toHaveBeenCalledTimes(1);
    const signature = await signer.signMessage({ message: 'hello from the frame' });
    expect(await verifyMessage({ address: signer.address, message: 'hello from the frame', signature })).toBe(true);
    expect(first.login.loggedInUser).toMatchObject({ email, provider: 'email' });

    // A reload: the same browser's stores, a new page.
    const reloaded = frameIn({ devices: first.devices, tokens: first.tokens }, { kind: 'code', code });
    expect(await reloaded.login.isConnected()).toBe(true);
    expect((await reloaded.login.resume()).address).toBe(signer.address);
    expect(reloaded.prompts.askFactor).not.toHaveBeenCalled();
    expect(reloaded.prompts.chooseFactor).not.toHaveBeenCalled();
  });

  it('answers a resume while the user is still writing down the new wallet\'s code with that same wallet, showing no second screen (issue 24)', async () => {
    const code = createRecoveryCode();
    const frame = frameIn({}, { kind: 'code', code });
    let saved!: () => void;
    const onScreen = new Promise<void>((shown) => {
      frame.prompts.chooseFactor.mockImplementationOnce(() => {
        shown();
        return new Promise((resolve) => (saved = () => resolve({ kind: 'code', code })));
      });
    });
    const loggingIn = logInByEmail(frame.login, newEmail('slow'));
    await onScreen;
    // The widget gave up waiting for the code's answer and reads the login back (GET_USER) instead.
    const resumed = frame.login.resume();
    saved();
    const [signer, again] = await Promise.all([loggingIn, resumed]);
    expect(again.address).toBe(signer.address);
    expect(frame.prompts.chooseFactor).toHaveBeenCalledTimes(1);
    expect(await api.getWallet(frame.tokens.get()!)).toMatchObject({ address: signer.address });
  });

  it('answers a resume while the server is still checking the code with what the code opens, or with its refusal (issue 24)', async () => {
    // The real server, whose answers to the code are held until the widget has stopped waiting.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slowServer: LoginApi = { ...api, verifyEmailCode: async (...args) => (await held, api.verifyEmailCode(...args)) };
    const frame = frameIn({ server: slowServer }, { kind: 'code', code: createRecoveryCode() });
    const email = newEmail('held');
    const after = mailbox.messages().at(-1)?.id ?? 0;
    if ((await frame.login.startEmail(email)).action === 'VERIFY_DEVICE') await frame.login.registerDevice();
    const code = codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));

    // A wrong code: the resume gets the server's refusal, not 'log in first'.
    const wrong = frame.login.verifyOtp(code === '000000' ? '000001' : '000000');
    const resumedWrong = frame.login.resume();
    answer();
    await expect(wrong).rejects.toThrow('Invalid code');
    await expect(resumedWrong).rejects.toThrow('Invalid code');

    // The right code, answered after the widget gave up waiting: the resume opens the same wallet, once.
    const loggingIn = frame.login.verifyOtp(code);
    const resumed = frame.login.resume();
    const [signer, again] = await Promise.all([loggingIn, resumed]);
    expect(again.address).toBe(signer.address);
    expect(frame.prompts.chooseFactor).toHaveBeenCalledTimes(1);
  });

  it('recovers on a new device with the printed code, and refuses a wrong one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const code = createRecoveryCode();
    const email = newEmail('bea');
    const phone = frameIn({}, { kind: 'code', code });
    const address = (await logInByEmail(phone.login, email)).address;

    vi.setSystemTime(start + 31_000);
    const guessed = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    await expect(logInByEmail(guessed.login, email)).rejects.toThrow('Wrong passphrase or recovery code');
    expect(await guessed.devices.load()).toBeUndefined();

    vi.setSystemTime(start + 62_000);
    const laptop = frameIn({}, { kind: 'code', code });
    const laptopCodes: string[] = [];
    laptop.prompts.awaitApproval.mockImplementation(async (shown) => (laptopCodes.push(shown), 'recover'));
    expect((await logInByEmail(laptop.login, email)).address).toBe(address);
    expect(laptop.prompts.askFactor).toHaveBeenCalledTimes(1);
    const token = laptop.tokens.get()!;
    expect((await api.getWallet(token))?.devices).toHaveLength(2);
    // Enrolled by its code, the laptop's own request for an approval is gone: its code finds nothing on the phone.
    expect(laptopCodes).toHaveLength(1);
    await expect(api.findDeviceRequest(phone.tokens.get()!, laptopCodes[0]!)).rejects.toMatchObject({ status: 404 });
  });

  it('exports the recovery phrase only after a fresh login and the recovery factor, in the frame\'s own screen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const code = createRecoveryCode();
    const frame = frameIn({}, { kind: 'code', code });
    const signer = await logInByEmail(frame.login, newEmail('exp'));
    await frame.login.exportWallet();
    const [mnemonic] = frame.prompts.showExport.mock.calls[0]!;
    expect(mnemonicToAccount(mnemonic).address).toBe(signer.address);
    expect(frame.prompts.askFactor).toHaveBeenCalledWith('code', undefined, 'exportWallet');

    // A wrong factor is asked again, a few times, then the export is refused.
    const guessed = frameIn({ devices: frame.devices, tokens: frame.tokens }, { kind: 'code', code: createRecoveryCode() });
    await guessed.login.resume();
    await expect(guessed.login.exportWallet()).rejects.toThrow('Wrong passphrase or recovery code');
    expect(guessed.prompts.askFactor).toHaveBeenCalledTimes(5);
    expect(guessed.prompts.showExport).not.toHaveBeenCalled();

    // Eleven minutes after the login the server no longer releases the material: log in again first.
    vi.setSystemTime(start + 11 * 60_000);
    const later = frameIn({ devices: frame.devices, tokens: frame.tokens }, { kind: 'code', code });
    await expect(later.login.exportWallet()).rejects.toThrow('Log in again to use the wallet: this login is older than 10 minutes');
    expect(later.prompts.showExport).not.toHaveBeenCalled();
  });

  it("logs in through a social provider: the login waits for the provider's answer for its own flow, from the callback page's origin", async () => {
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const social = await frame.login.startSocial('google');
    const finished = social.finish();
    // The popup: the visitor signs in at the provider, which sends them to the server's callback page.
    const back = await signInAtLocalProvider(social.authorizeUrl, 'dora', callbackUrl);
    expect((await fetch(back)).status).toBe(200);
    // What that page posts to the frame's window; another origin's, or another flow's, is not taken.
    const params = Object.fromEntries([...back.searchParams].filter(([key]) => key in SOCIAL_CALLBACK_PARAMS));
    const post = (origin: string, data: unknown) => frame.frameWindow.dispatchEvent(new MessageEvent('message', { origin, data }));
    post('http://127.0.0.1:9', { type: SOCIAL_CALLBACK_MESSAGE, params });
    post(new URL(callbackUrl).origin, { type: SOCIAL_CALLBACK_MESSAGE, params: { ...params, state: 'another-flow' } });
    post(new URL(callbackUrl).origin, { type: SOCIAL_CALLBACK_MESSAGE, params: { ...params, code: 42 } });
    expect(frame.login.loggedInUser).toBeUndefined();
    post(new URL(callbackUrl).origin, { type: SOCIAL_CALLBACK_MESSAGE, params });
    const signer = await finished;
    expect(frame.login.loggedInUser).toMatchObject({ provider: 'google', email: 'dora@oidc.localhost' });
    expect(signer.address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await expect(frame.login.startSocial('farcaster')).rejects.toThrow(/^Unsupported social provider "farcaster"/);
  });

  it('forgets a login the server has ended', async () => {
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    await logInByEmail(frame.login, newEmail('cy'));
    const token = frame.tokens.get()!;
    await api.signOut(token);
    expect(await frame.login.isConnected()).toBe(false);
    expect(frame.tokens.get()).toBeUndefined();
    await expect(frame.login.resume()).rejects.toThrow('Log in with your e-mail or a social account first');
  });

  it("cannot sign from a copy of the server's database alone", async () => {
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const address = (await logInByEmail(frame.login, newEmail('dee'))).address;
    const userId = frame.login.loggedInUser!.id;

    // Everything the database holds for this user, as an attacker with a copy of it reads it.
    const db = app.cairn.db;
    const wallet = await db.selectFrom('login_wallets').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const devices = await db.selectFrom('login_devices').selectAll().where('user_id', '=', userId).execute();
    const stored = [wallet.recovery_auth_share, ...devices.map((row) => row.auth_share)].map((text) => new Uint8Array(Buffer.from(text, 'base64url')));
    let pairs = 0;
    for (const first of stored) {
      for (const second of stored) {
        if (first === second) continue;
        pairs++;
        const secret = await combineShares(first, second).catch(() => undefined);
        if (secret) expect(accountOf(secret).address.toLowerCase()).not.toBe(address.toLowerCase());
      }
    }
    expect(pairs).toBeGreaterThan(0);
    // The blob needs the user's factor, which the server never had: another code opens nothing.
    const blob = JSON.parse(Buffer.from(wallet.recovery_blob, 'base64url').toString('utf8'));
    await expect(recoverOnNewDevice({ address, recoveryAuthShare: wallet.recovery_auth_share, recoveryBlob: blob }, { kind: 'code', code: createRecoveryCode() })).rejects.toThrow('Wrong passphrase or recovery code');
  });

  it("says the server's reason, such as SPEC's throttle with the seconds left", async () => {
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const email = newEmail('eve');
    const after = mailbox.messages().at(-1)?.id ?? 0;
    await frame.login.startEmail(email);
    await expect(frame.login.startEmail(email)).rejects.toThrow(/^Please try again after \d+ seconds$/);
    const code = codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));
    await expect(frame.login.verifyOtp(code === '000000' ? '000001' : '000000')).rejects.toThrow('Invalid code');
  });

  it("pays the address's higher price when strangers asked it for many codes, and logs in (issue 22)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newEmail('fay');
    for (let n = 0; n < 8; n++) {
      vi.setSystemTime(start + n * 31_000);
      await api.requestEmailCode(email);
    }
    vi.setSystemTime(start + 8 * 31_000);
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const signer = await logInByEmail(frame.login, email);
    expect(frame.login.loggedInUser).toMatchObject({ email });
    expect(signer.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  }, 60_000);

  it('updates the e-mail in two steps (SPEC §4), each code paid for and bound to its attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const old = newEmail('gus');
    const next = newEmail('gus-new');
    await logInByEmail(frame.login, old);
    const codeTo = async (email: string, step: () => Promise<unknown>) => {
      const after = mailbox.messages().at(-1)?.id ?? 0;
      await step();
      return codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after));
    };
    const primary = await codeTo(old, () => frame.login.startEmailUpdate(next));
    const secondary = await codeTo(next, () => frame.login.confirmEmailUpdatePrimary(primary));
    await expect(frame.login.confirmEmailUpdateSecondary(secondary === '000000' ? '000001' : '000000')).rejects.toThrow('Invalid code');
    expect(await frame.login.confirmEmailUpdateSecondary(secondary)).toBe(next);
    expect(frame.login.loggedInUser).toMatchObject({ email: next });
    vi.setSystemTime(start + 31_000);
    const again = frameIn({ devices: frame.devices }, { kind: 'code', code: createRecoveryCode() });
    await logInByEmail(again.login, next);
    expect(again.login.loggedInUser?.id).toBe(frame.login.loggedInUser?.id);
  });

  it('asks for a code before taking one', async () => {
    const frame = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    await expect(frame.login.verifyOtp('123456')).rejects.toThrow('Ask for a code first');
  });
});

// Each of these makes a wallet, then logs in again from a second frame with its own keys (and some
// recover with the code's scrypt): 46 s for the whole file alone, but three of them passed 30 s in a
// whole unit run at load 11–15 (session 20, the file 183 s), so they get recoveryBlob.test's bound.
/** The person on a device with the wallet open: opens its devices screen and does `act` there, then closes it. */
async function onDevicesScreen<T>(frame: ReturnType<typeof frameIn>, act: (manager: DeviceManager) => Promise<T>): Promise<T> {
  let result!: T;
  frame.prompts.manageDevices.mockImplementationOnce(async (manager) => {
    result = await act(manager);
  });
  await frame.login.manageDevices();
  return result;
}

describe('a new device (issue 27)', { timeout: 120_000 }, () => {
  it('registers the device first in a new browser, then waits: the person types its code on the open device, which approves it, and it opens the wallet with no recovery factor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newEmail('hal');
    const phone = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    expect(await phone.login.startEmail(email)).toEqual({ action: 'VERIFY_DEVICE' });
    const registration = await phone.login.registerDevice();
    const after = mailbox.messages().at(-1)?.id ?? 0;
    vi.setSystemTime(start + 31_000);
    await phone.login.startEmail(email);
    const address = (await phone.login.verifyOtp(codeFromMail(await mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after)))).address;
    // The registered device is the one enrolled; a browser with a device asks for no registration again.
    expect((await phone.devices.load())?.deviceId).toBe(registration.deviceId);
    expect(await phone.devices.loadRegistration()).toBeUndefined();

    const codes: string[] = [];
    // The laptop's first two polls for the answer fail on the way (a timeout, a busy server): it asks again.
    const failedPolls = [new RequestTimeoutError(), new HttpError(503)];
    const laptopServer: LoginApi = { ...api, deviceRequestStatus: (...args) => (failedPolls.length > 0 ? Promise.reject(failedPolls.shift()) : api.deviceRequestStatus(...args)) };
    const laptop = frameIn({ server: laptopServer }, { kind: 'code', code: createRecoveryCode() });
    laptop.prompts.awaitApproval.mockImplementation(async (code, approved) => {
      codes.push(code);
      // The person reads the code off the laptop and types it on the phone's devices screen, as written there or not.
      await onDevicesScreen(phone, async (manager) => {
        const found = await manager.find(` ${code.toLowerCase().replace('-', '')} `);
        codes.push(found.pairingCode);
        // Session 25: what the server says of the asking browser (Node's fetch names none of the lists' browsers), from the phone's own network (both 127.0.0.1).
        expect(found.requester).toEqual({ browser: null, system: null, sameNetwork: true });
        await found.approve();
      });
      await approved;
      return 'approved';
    });
    vi.setSystemTime(start + 62_000);
    const signer = await logInByEmail(laptop.login, email);
    expect(signer.address).toBe(address);
    expect(failedPolls).toEqual([]);
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(codes[1]).toBe(codes[0]);
    expect(laptop.prompts.askFactor).not.toHaveBeenCalled();
    expect((await api.getWallet(laptop.tokens.get()!))?.devices).toHaveLength(2);
    // One key, two accounts: the approved device derives the same Solana account as the first.
    expect(laptop.login.solanaAccount?.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(laptop.login.solanaAccount?.address).toBe(phone.login.solanaAccount?.address);
    // The approved device opens its wallet again by itself after a reload.
    const reloaded = frameIn({ devices: laptop.devices, tokens: laptop.tokens }, { kind: 'code', code: createRecoveryCode() });
    expect((await reloaded.login.resume()).address).toBe(address);
    await phone.login.signOut();
  });

  it("gives someone holding only the mailbox no key: no device approves, the server refuses a login's own approval and releases no share to an unknown device", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newEmail('ivy');
    const owner = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const address = (await logInByEmail(owner.login, email)).address;
    await owner.login.signOut();

    // The thief reads the code from the mailbox and logs in on his own browser; no device approves, and he has no recovery code.
    vi.setSystemTime(start + 31_000);
    const thief = frameIn({}, { kind: 'code', code: createRecoveryCode() });
    const shown: string[] = [];
    thief.prompts.awaitApproval.mockImplementation(async (code) => (shown.push(code), 'recover'));
    await expect(logInByEmail(thief.login, email)).rejects.toThrow('Wrong passphrase or recovery code');
    expect(thief.login.account).toBeUndefined();
    const token = thief.tokens.get()!;
    // He knows his own request's code, so his login finds it; it waits, unanswered.
    const request = await api.findDeviceRequest(token, shown[0]!);
    expect(await api.deviceRequestStatus(token, request.id)).toEqual({ status: 'pending' });

    // He approves his own request with a key of his own: the server wants the wallet's key.
    const registration = (await thief.devices.loadRegistration())!;
    const secret = generateWalletSecret();
    const forged = await shareWithDevice(secret, accountOf(secret).address, request);
    const own = privateKeyToAccount(generatePrivateKey());
    const issuedAt = new Date().toISOString();
    const signature = await own.signMessage({ message: embeddedWalletProofMessage({ action: 'add-device', userId: thief.login.loggedInUser!.id, deviceId: registration.deviceId, deviceKey: registration.publicKey, issuedAt }) });
    await expect(api.approveDevice(token, request.id, { device: forged.enrollment, sealedShare: forged.sealedShare, proof: { issuedAt, signature } })).rejects.toMatchObject({ status: 401 });
    await expect(api.addDevice(token, { device: forged.enrollment, proof: { issuedAt, signature } })).rejects.toMatchObject({ status: 401 });
    // Nor does the server release a share to a device it does not know.
    await expect(api.deviceChallenge(token, registration.deviceId)).rejects.toMatchObject({ status: 404 });
    expect((await api.getWallet(token))?.devices).toHaveLength(1);
    expect(await api.deviceRequestStatus(token, request.id)).toEqual({ status: 'pending' });
    expect((await api.getWallet(token))?.address).toBe(address);
    // Nor can his login open the devices screen: it has no wallet open to prove anything with.
    await expect(thief.login.manageDevices()).rejects.toThrow(FRAME_LOGIN_ERRORS.walletNotOpen);

    // Nor can he pick a request's pairing code (to show the person's own new device's code on his):
    // the server's random id is in it, so the same device and keys asked again show other codes, and
    // each try is a request the server makes, 3 live at a time per login.
    const copies = [];
    for (let tries = 0; tries < 2; tries++) copies.push(await api.requestDevice(token, { deviceId: request.deviceId, devicePublicKey: request.devicePublicKey, exchangeKey: request.exchangeKey }));
    expect(new Set([request, ...copies].map(pairingCode)).size).toBe(3);
    await expect(api.requestDevice(token, { deviceId: request.deviceId, devicePublicKey: request.devicePublicKey, exchangeKey: request.exchangeKey })).rejects.toMatchObject({ status: 429 });
  });

  it("approves the owner's new device by its code while a login holder keeps as many device requests waiting as his logins allow (session 21)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newEmail('jay');
    const code = createRecoveryCode();
    const owner = frameIn({}, { kind: 'code', code });
    const address = (await logInByEmail(owner.login, email)).address;

    // The thief (the mailbox) fills every request his logins may keep: 3 from each of two logins.
    for (const at of [31_000, 62_000]) {
      vi.setSystemTime(start + at);
      const thief = frameIn({}, { kind: 'code', code: createRecoveryCode() });
      const shown: string[] = [];
      thief.prompts.awaitApproval.mockImplementation(async (pairing) => (shown.push(pairing), 'recover'));
      await expect(logInByEmail(thief.login, email)).rejects.toThrow('Wrong passphrase or recovery code');
      const token = thief.tokens.get()!;
      const own = await api.findDeviceRequest(token, shown[0]!);
      for (let more = 0; more < 2; more++) await api.requestDevice(token, { deviceId: own.deviceId, devicePublicKey: own.devicePublicKey, exchangeKey: own.exchangeKey });
      await expect(api.requestDevice(token, { deviceId: own.deviceId, devicePublicKey: own.devicePublicKey, exchangeKey: own.exchangeKey })).rejects.toMatchObject({ status: 429 });
    }

    // The owner's new browser still gets a request and its code (before session 21: a 429, no code,
    // only the recovery factor); the person types the code on the open device, which approves it.
    vi.setSystemTime(start + 93_000);
    const newBrowser = frameIn({}, { kind: 'code', code });
    newBrowser.prompts.awaitApproval.mockImplementation(async (pairing, approved) => {
      await onDevicesScreen(owner, async (manager) => (await manager.find(pairing)).approve());
      await approved;
      return 'approved';
    });
    expect((await logInByEmail(newBrowser.login, email)).address).toBe(address);
    expect(newBrowser.prompts.awaitApproval).toHaveBeenCalledTimes(1);
    expect(newBrowser.prompts.askFactor).not.toHaveBeenCalled();
    expect((await api.getWallet(newBrowser.tokens.get()!))?.devices).toHaveLength(2);
  });
});

/** One account's wallet opened on a phone, then (31 s later, past the code's cooldown) on a laptop by the recovery code; Date is faked. */
async function phoneAndLaptop(name: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  const email = newEmail(name);
  const code = createRecoveryCode();
  const phone = frameIn({}, { kind: 'code', code });
  const address = (await logInByEmail(phone.login, email)).address;
  vi.setSystemTime(start + 31_000);
  const laptop = frameIn({}, { kind: 'code', code });
  expect((await logInByEmail(laptop.login, email)).address).toBe(address);
  return { start, email, code, phone, laptop, address };
}

describe("the wallet's devices screen (session 21)", { timeout: 120_000 }, () => {
  it('lists the devices with this one marked, and removes a lost one with the wallet key: it opens nothing with its stored share, only the recovery factor opens the wallet there again', async () => {
    const { start, email, code, phone, laptop, address } = await phoneAndLaptop('kim');
    const laptopId = (await laptop.devices.load())!.deviceId;
    const phoneId = (await phone.devices.load())!.deviceId;

    // The phone's login is long past fresh: the wallet key's proof is what removes the laptop.
    vi.setSystemTime(start + 60 * 60_000);
    const listed = await onDevicesScreen(phone, async (manager) => {
      const before = await manager.devices();
      // Session 24: what the approval window names for a decision of this screen.
      expect(manager.account()).toEqual({ address, email });
      await expect(manager.remove(phoneId)).rejects.toThrow('This device cannot remove itself here');
      await manager.remove(laptopId);
      return { before, after: await manager.devices() };
    });
    expect(listed.before.map(({ id, thisDevice }) => ({ id, thisDevice }))).toEqual([
      { id: phoneId, thisDevice: true },
      { id: laptopId, thisDevice: false },
    ]);
    expect(listed.before[1]).toMatchObject({ createdAt: new Date(start + 31_000).toISOString(), lastUsedAt: null });
    expect(listed.after.map(({ id }) => id)).toEqual([phoneId]);

    // The laptop, stolen with its stored share and a fresh login (the mailbox): its share is not released.
    vi.setSystemTime(start + 61 * 60_000);
    const stolen = frameIn({ devices: laptop.devices }, { kind: 'code', code: createRecoveryCode() });
    await expect(logInByEmail(stolen.login, email)).rejects.toThrow('Wrong passphrase or recovery code');
    await expect(api.deviceChallenge(stolen.tokens.get()!, laptopId)).rejects.toMatchObject({ status: 404 });
    // It says why, and goes to the recovery factor: no approval is asked for, no request is made.
    expect(stolen.prompts.askFactor.mock.calls[0]).toEqual(['code', DEVICE_REMOVED, 'recoverWallet']);
    expect(stolen.prompts.awaitApproval).not.toHaveBeenCalled();
    expect(await stolen.devices.load()).toBeUndefined();
    expect((await api.getWallet(stolen.tokens.get()!))?.devices.map(({ id }) => id)).toEqual([phoneId]);

    // Its owner, back on it with the recovery code, opens the wallet there on new keys.
    vi.setSystemTime(start + 62 * 60_000);
    const back = frameIn({ devices: stolen.devices }, { kind: 'code', code });
    expect((await logInByEmail(back.login, email)).address).toBe(address);
    const devices = (await api.getWallet(back.tokens.get()!))?.devices.map(({ id }) => id);
    expect(devices).toHaveLength(2);
    expect(devices).not.toContain(laptopId);
  });

  it("makes a running frame whose device was removed refuse its next signature and forget the key; a server that does not answer wipes nothing (session 22)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newEmail('lee');
    const code = createRecoveryCode();
    const phone = frameIn({}, { kind: 'code', code });
    const address = (await logInByEmail(phone.login, email)).address;
    vi.setSystemTime(start + 31_000);
    // The laptop's frame opens its wallet and stays open; its liveness check first reaches a node nobody listens on.
    let serverDown = true;
    const down = createLoginApi({ url: 'http://127.0.0.1:9', projectId: PROJECT_ID });
    const laptopServer: LoginApi = { ...api, deviceLive: (...args) => (serverDown ? down.deviceLive(...args) : api.deviceLive(...args)) };
    const laptop = frameIn({ server: laptopServer }, { kind: 'code', code });
    expect((await logInByEmail(laptop.login, email)).address).toBe(address);
    const laptopId = (await laptop.devices.load())!.deviceId;
    const ask = vi.fn(async () => true);
    const sign = approvalRpc({ signer: () => laptop.login.account, live: () => laptop.login.checkLive(), prompts: { ask } });
    const request = (message: string) => sign({ method: 'personal_sign', params: [toHex(message), address], network: { chainId: 31337, rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { symbol: 'ETH', decimals: 18 } }, origin: 'https://site.example' });

    // Down or slow: refused as retryable, and nothing is wiped.
    await expect(request('while the server is down')).rejects.toThrow(FRAME_LOGIN_ERRORS.serverUnreachable);
    expect(laptop.login.account?.address).toBe(address);
    expect(await laptop.devices.load()).toMatchObject({ deviceId: laptopId });
    serverDown = false;
    const signed = (await request('hello')).result as `0x${string}`;
    expect(await verifyMessage({ address, message: 'hello', signature: signed })).toBe(true);

    // The phone removes the laptop while the laptop's frame is open: its next request is shown, approved, and not signed.
    vi.setSystemTime(start + 62_000);
    await onDevicesScreen(phone, (manager) => manager.remove(laptopId));
    await expect(request('after the removal')).rejects.toThrow(DEVICE_REMOVED);
    expect(ask).toHaveBeenCalledTimes(3);
    expect(laptop.login.account).toBeUndefined();
    expect(laptop.login.solanaAccount).toBeUndefined();
    expect(laptop.tokens.get()).toBeUndefined();
    await expect(request('again')).rejects.toThrow(FRAME_LOGIN_ERRORS.notLoggedIn);
    // The phone's own login and key live on, and it still signs.
    await expect(phone.login.checkLive()).resolves.toBeUndefined();
    expect(phone.login.account?.address).toBe(address);

    // The laptop's next open (a fresh login, the mailbox) goes to the recovery factor.
    vi.setSystemTime(start + 93_000);
    const reopened = frameIn({ devices: laptop.devices, tokens: laptop.tokens }, { kind: 'code', code });
    expect((await logInByEmail(reopened.login, email)).address).toBe(address);
    expect(reopened.prompts.askFactor.mock.calls[0]).toEqual(['code', DEVICE_REMOVED, 'recoverWallet']);
  });
  it("signs out everywhere else (session 23): another device's running frame refuses its next signature and forgets the key; it logs in again to sign", async () => {
    const { start, email, phone, laptop, address } = await phoneAndLaptop('sam');
    const ask = vi.fn(async () => true);
    const signerOn = (frame: ReturnType<typeof frameIn>) => approvalRpc({ signer: () => frame.login.account, live: () => frame.login.checkLive(), prompts: { ask } });
    const request = (frame: ReturnType<typeof frameIn>, message: string) =>
      signerOn(frame)({ method: 'personal_sign', params: [toHex(message), address], network: { chainId: 31337, rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { symbol: 'ETH', decimals: 18 } }, origin: 'https://site.example' });
    expect(await verifyMessage({ address, message: 'before', signature: (await request(phone, 'before')).result as `0x${string}` })).toBe(true);

    // The laptop, on its devices screen long after its login, signs out everywhere else: the phone's login ends.
    vi.setSystemTime(start + 60 * 60_000);
    expect(await onDevicesScreen(laptop, (manager) => manager.signOutOthers())).toBe(1);
    // The phone's frame still holds the key in memory until its next signature: that one is refused and the key forgotten.
    expect(phone.login.account?.address).toBe(address);
    await expect(request(phone, 'after the sign-out')).rejects.toThrow(FRAME_LOGIN_ERRORS.notLoggedIn);
    expect(phone.login.account).toBeUndefined();
    expect(phone.tokens.get()).toBeUndefined();
    await expect(request(phone, 'again')).rejects.toThrow(FRAME_LOGIN_ERRORS.notLoggedIn);
    // The laptop's own login lives on and signs.
    expect(await verifyMessage({ address, message: 'laptop', signature: (await request(laptop, 'laptop')).result as `0x${string}` })).toBe(true);
    // The phone stays enrolled: a new login opens the wallet there again with its own share, no recovery factor.
    vi.setSystemTime(start + 61 * 60_000);
    expect((await logInByEmail(phone.login, email)).address).toBe(address);
    expect(phone.prompts.askFactor).not.toHaveBeenCalled();
    expect(await verifyMessage({ address, message: 'back', signature: (await request(phone, 'back')).result as `0x${string}` })).toBe(true);
  });

  it("ends a new device's wait when its request ends (session 26): signed out everywhere else, its approval rejects instead of waiting for ever", async () => {
    const { start, email, code, laptop } = await phoneAndLaptop('lee');
    const tablet = frameIn({}, { kind: 'code', code });
    let ended: unknown;
    tablet.prompts.awaitApproval.mockImplementation(async (_shown, approved) => {
      // The owner, on the laptop, signs out everywhere else while the tablet waits: its login and request end (the phone's login too).
      vi.setSystemTime(start + 60 * 60_000);
      expect(await onDevicesScreen(laptop, (manager) => manager.signOutOthers())).toBe(2);
      // The screen is told (it says the request ended and offers the recovery code) rather than waiting on.
      ended = await Promise.race([approved.then(() => 'approved', (error: unknown) => error), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 20_000))]);
      return 'recover';
    });
    vi.setSystemTime(start + 59 * 60_000);
    // The ended login opens nothing by the recovery code either: it is told to log in again.
    const outcome = await logInByEmail(tablet.login, email).then((opened) => opened.address, (error: unknown) => error);
    expect(ended).toBeInstanceOf(Error);
    expect(outcome).toMatchObject({ message: 'This login has ended: log in again' });
  });
});
