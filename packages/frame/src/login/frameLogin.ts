import { embeddedWalletProofMessage, HttpError, type DeviceRequest, type EmailAttempt, type EmbeddedWalletAction, type LoginApi, type LoginUser, type SealedForDevice } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceRecord, DeviceRegistration, DeviceStore } from '../custody/deviceStore.ts';
import { pairingCode } from '../custody/deviceHandoff.ts';
import type { WalletSecret } from '../custody/walletSecret.ts';
import { solanaAccountOf, type SolanaAccount } from '../custody/solanaAccount.ts';
import { fromBase64url, toBase64url, utf8 } from '../custody/encoding.ts';
import { createWallet, deviceFromHandoff, exportMnemonic, proveDevice, recoverOnNewDevice, registerDevice, shareWithDevice, unlockWallet, type DeviceEnrollment } from '../custody/wallet.ts';
import { type RecoveryBlob, type RecoveryFactor } from '../custody/recoveryBlob.ts';
import { CustodyError, CustodyErrorText } from '../custody/errors.ts';
import type { LoginTokenStore } from './loginTokenStore.ts';
import type { SocialAnswers } from './socialAnswers.ts';

/** What the frame asks its own user (its own UI, never the site's). */
export interface RecoveryPrompts {
  /** A new wallet: the factor that will recover it (e.g. a printed code the user has saved). */
  chooseFactor(): Promise<RecoveryFactor>;
  /**
   * The factor chosen when the wallet was made (of this kind), with why the last one did not open
   * it: to open the wallet on a new device, or to export its key.
   */
  askFactor(kind: RecoveryFactor['kind'], problem: string | undefined, purpose: 'recoverWallet' | 'exportWallet'): Promise<RecoveryFactor>;
  /** The wallet's recovery phrase, shown in the frame only, until the user says they are done. */
  showExport(mnemonic: string): Promise<void>;
  /**
   * A new device for an existing wallet: its pairing code while it waits for a device that has the
   * wallet open to approve it ('approved' when `approved` resolves), or the user's choice to use
   * the recovery factor instead ('recover').
   */
  awaitApproval(pairingCode: string, approved: Promise<void>): Promise<'approved' | 'recover'>;
  /** On a device with the wallet open: another device asks to open it, showing this code. True when the user approves. */
  approveDevice(pairingCode: string): Promise<boolean>;
}

export interface FrameLoginOptions {
  /** The server's client, or how to make it (the frame learns its project id from the site). */
  api: LoginApi | (() => LoginApi);
  devices: DeviceStore;
  tokens: LoginTokenStore;
  prompts: RecoveryPrompts;
  /** Where the provider's answer reaches the frame: the server's callback page posts it to the frame's window. */
  socialAnswers: SocialAnswers;
  /** How long a social login is awaited while the provider's popup is open; the flow's lifetime by default. */
  socialTimeoutMs?: number;
  /** How often an open wallet asks the server for new devices waiting for approval, and a waiting device for its answer. */
  devicePollMs?: number;
  /** How often a Farcaster sign-in asks the relay whether the visitor's Farcaster app signed, and for how long. */
  farcasterPollMs?: number;
  farcasterTimeoutMs?: number;
}

const DEVICE_POLL_MS = 3000;
const FARCASTER_POLL_MS = 500;
// The relay keeps a channel five minutes.
const FARCASTER_TIMEOUT_MS = 5 * 60_000;

export const FRAME_LOGIN_ERRORS = {
  noPendingEmail: 'Ask for a code first',
  approvalEnded: 'This device stopped waiting for an approval',
  notLoggedIn: 'Log in with your e-mail or a social account first',
  noEmail: 'This account has no e-mail address to confirm the change with',
  socialTimedOut: 'The login with the provider did not finish: try again',
  socialFailed: 'The login provider could not be opened: try again',
  farcasterTimedOut: 'The Farcaster app did not sign in: try again',
} as const;

type OpenedWallet = { signer: PrivateKeyAccount; secret: WalletSecret };

/** The recovery blob travels to the server as base64url text of its JSON. */
const blobToText = (blob: RecoveryBlob) => toBase64url(utf8(JSON.stringify(blob)));
const textToBlob = (text: string): RecoveryBlob => JSON.parse(new TextDecoder().decode(fromBase64url(text))) as RecoveryBlob;

/** The widget shows what the server said (SPEC §5's throttle text, a wrong code), not a status line. */
function withServerReasons(api: LoginApi): LoginApi {
  return new Proxy(api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
          throw error instanceof HttpError && error.detail ? new Error(error.detail) : error;
        });
    },
  });
}

/**
 * The frame's side of log-in without a wallet: e-mail codes and social logins against the site's
 * server, then the wallet: unlocked on a known device (the server's share for the device key's
 * proof), recovered on a new one (the user's factor), or made on the first login. The signer lives
 * only in this object, in the frame.
 */
export class FrameLogin {
  /** The address a code went to and the attempt the server bound it to: only this frame holds the attempt's id. */
  private pendingEmail?: { email: string; attempt: EmailAttempt };
  /** An e-mail update's new address and the attempt of its current step: apart from a login's, so neither takes the other's code. */
  private pendingUpdate?: { email: string; attempt: EmailAttempt };
  private user?: LoginUser;
  private signer?: PrivateKeyAccount;
  /** The wallet's secret while it is open: to hand an approved device its share. Zeroed when the login ends. */
  private secret?: WalletSecret;
  private solana?: SolanaAccount;
  /** The wallet being opened (made, unlocked or recovered, maybe waiting on the user): one at a time. */
  private opening?: Promise<OpenedWallet>;
  /** The e-mail code the server is still checking: a resume waits for its answer rather than refuse. */
  private checkingCode?: Promise<PrivateKeyAccount>;
  /** The open wallet's watch for new devices asking to open it. */
  private watching?: ReturnType<typeof setInterval>;
  /** Device requests already put to the user (approved or not): each is asked once. */
  private readonly answered = new Set<string>();

  constructor(private readonly options: FrameLoginOptions) {}

  /** The server's client, whose failures read as the server's own reason ('Please try again after 12 seconds'). */
  private get api(): LoginApi {
    const { api } = this.options;
    return withServerReasons(typeof api === 'function' ? api() : api);
  }

  get account(): PrivateKeyAccount | undefined {
    return this.signer;
  }

  /** The open wallet's Solana account: the same key, SLIP-0010 at m/44'/501'/0'/0' (derived once per opening). */
  get solanaAccount(): SolanaAccount | undefined {
    if (!this.secret) return undefined;
    this.solana ??= solanaAccountOf(this.secret);
    return this.solana;
  }

  get loggedInUser(): LoginUser | undefined {
    return this.user;
  }

  /** SPEC §4 connect by e-mail: a code goes out; the widget asks the visitor for it next. */
  async startEmail(email: string): Promise<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }> {
    this.pendingEmail = { email, attempt: await this.api.requestEmailCode(email) };
    // A browser whose frame has no device yet registers one first (CONNECT_DEVICE), then the code.
    const { devices } = this.options;
    return { action: (await devices.load()) || (await devices.loadRegistration()) ? 'VERIFY_OTP' : 'VERIFY_DEVICE' };
  }

  /**
   * SPEC §4's device step: this browser's device keys (non-extractable), made once. A new device
   * of an existing wallet then waits for a device that has the wallet open to approve it, or for
   * the recovery factor; nothing the server or the mailbox holds opens the wallet here without one.
   */
  async registerDevice(): Promise<DeviceRegistration> {
    const { devices } = this.options;
    const known = await devices.loadRegistration();
    if (known) return known;
    const registration = await registerDevice();
    await devices.saveRegistration(registration);
    return registration;
  }

  /** The code from the e-mail: logs in and opens the wallet. */
  async verifyOtp(otp: string): Promise<PrivateKeyAccount> {
    const { email, attempt } = this.pending(this.pendingEmail);
    const checking = this.api.verifyEmailCode(email, attempt, otp).then((login) => {
      this.pendingEmail = undefined;
      return this.loggedIn(login.token, login.user);
    });
    this.checkingCode = checking;
    try {
      return await checking;
    } finally {
      if (this.checkingCode === checking) this.checkingCode = undefined;
    }
  }

  /**
   * A social login: the provider's page for the popup, and the wait for the provider's answer. The
   * flow is this frame's alone (issue 22): bound to this browser where it keeps the server's cookie,
   * finished only when the callback page hands this frame the answer for its own state, which the
   * frame then presents with the flow's secret. Whoever else opens the provider's page gets nothing.
   */
  async startSocial(provider: string): Promise<{ authorizeUrl: string; finish(): Promise<PrivateKeyAccount> }> {
    const { api } = this;
    const flow = await api.startSocial(provider);
    const state = new URL(flow.authorizeUrl).searchParams.get('state');
    if (!state) throw new Error(FRAME_LOGIN_ERRORS.socialFailed);
    await api.bindSocial(flow.flowId, flow.flowSecret);
    // Listening from now on: the answer may come before the widget asks for the login.
    const answer = this.options.socialAnswers({ origin: flow.callbackOrigin, state }, AbortSignal.timeout(this.options.socialTimeoutMs ?? flow.expiresInSeconds * 1000));
    answer.catch(() => undefined);
    return {
      authorizeUrl: flow.authorizeUrl,
      finish: async () => {
        const callback = await answer.catch(() => {
          throw new Error(FRAME_LOGIN_ERRORS.socialTimedOut);
        });
        const login = await api.completeSocial(flow.flowId, flow.flowSecret, callback);
        return this.loggedIn(login.token, login.user);
      },
    };
  }

  /**
   * Sign In With Farcaster (issue 27): a channel on the server's relay for the site the frame is
   * embedded in (its host is the message's domain), whose link the widget shows as a QR code; the
   * wait until the visitor's Farcaster app signed it; then the server checks the signature against
   * the ID registry and hands over the login, and the frame opens the wallet like any login's.
   */
  async startFarcaster(siteOrigin: string): Promise<{ url: string; finish(): Promise<PrivateKeyAccount> }> {
    const { api } = this;
    const channel = await api.openFarcasterChannel({ siweUri: `${siteOrigin}/`, domain: new URL(siteOrigin).host });
    return {
      url: channel.url,
      finish: async () => {
        const deadline = Date.now() + (this.options.farcasterTimeoutMs ?? FARCASTER_TIMEOUT_MS);
        while (!(await api.farcasterChannelSigned(channel.channelToken))) {
          if (Date.now() > deadline) throw new Error(FRAME_LOGIN_ERRORS.farcasterTimedOut);
          await new Promise((resolve) => setTimeout(resolve, this.options.farcasterPollMs ?? FARCASTER_POLL_MS));
        }
        const login = await api.completeFarcaster(channel.channelToken);
        return this.loggedIn(login.token, login.user);
      },
    };
  }

  /** SPEC §4 e-mail update, first step: a code to the current address. */
  async startEmailUpdate(email: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
    const token = this.token();
    const current = this.user?.email ?? (await this.api.getUser(token))?.email;
    if (!current) throw new Error(FRAME_LOGIN_ERRORS.noEmail);
    this.pendingUpdate = { email, attempt: await this.api.startEmailUpdate(token, current, email) };
    return { action: 'VERIFY_PRIMARY_OTP' };
  }

  /** The code from the current address: a code goes to the new one. */
  async confirmEmailUpdatePrimary(otp: string): Promise<void> {
    const { email, attempt } = this.pending(this.pendingUpdate);
    this.pendingUpdate = { email, attempt: await this.api.confirmEmailUpdatePrimary(this.token(), email, attempt, otp) };
  }

  /** The code from the new address: it is the user's now. */
  async confirmEmailUpdateSecondary(otp: string): Promise<string> {
    const { email, attempt } = this.pending(this.pendingUpdate);
    this.user = await this.api.confirmEmailUpdateSecondary(this.token(), email, attempt, otp);
    this.pendingUpdate = undefined;
    return email;
  }

  private pending(pending: { email: string; attempt: EmailAttempt } | undefined): { email: string; attempt: EmailAttempt } {
    if (!pending) throw new Error(FRAME_LOGIN_ERRORS.noPendingEmail);
    return pending;
  }

  private token(): string {
    const token = this.options.tokens.get();
    if (!token) throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
    return token;
  }

  /** SPEC §4: whether the remembered login still holds; a login the server no longer knows is forgotten. */
  async isConnected(): Promise<boolean> {
    const token = this.options.tokens.get();
    if (!token) return false;
    const user = await this.api.getUser(token);
    if (!user) {
      this.forget();
      return false;
    }
    this.user = user;
    return true;
  }

  /** The wallet's signer after a reload: the remembered login unlocks this device again (while fresh). */
  async resume(): Promise<PrivateKeyAccount> {
    if (this.signer) return this.signer;
    // A login still opening its wallet (the user writing down a new wallet's code): the same one, awaited.
    if (this.opening) return (await this.opening).signer;
    // A code the server has not answered yet (the widget stopped waiting first): its answer decides.
    if (this.checkingCode) return this.checkingCode;
    const token = this.options.tokens.get();
    const user = token ? await this.api.getUser(token) : undefined;
    if (!token || !user) throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
    return this.loggedIn(token, user);
  }

  /**
   * The user takes the key out: only after a fresh login (the server releases the recovery
   * material within 10 minutes of one) and the recovery factor typed again; the phrase is shown in
   * the frame's own screen and never crosses to the site.
   */
  async exportWallet(): Promise<void> {
    const token = this.token();
    const wallet = await this.api.getWallet(token);
    if (!wallet) throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
    const material = await this.api.recovery(token);
    const recoveryBlob = textToBlob(material.recoveryBlob);
    const { prompts } = this.options;
    const mnemonic = await withRetries(async (problem) =>
      exportMnemonic({ address: wallet.address as `0x${string}`, recoveryAuthShare: material.recoveryAuthShare, recoveryBlob }, await prompts.askFactor(recoveryBlob.kind === 'passphrase' ? 'passphrase' : 'code', problem, 'exportWallet')),
    );
    await prompts.showExport(mnemonic);
  }

  async signOut(): Promise<void> {
    const token = this.options.tokens.get();
    this.forget();
    if (token) await this.api.signOut(token);
  }

  private forget() {
    this.options.tokens.set(undefined);
    this.user = undefined;
    this.pendingUpdate = undefined;
    this.signer = undefined;
    this.secret?.fill(0);
    this.secret = undefined;
    this.solana?.privateKey.fill(0);
    this.solana = undefined;
    this.opening = undefined;
    this.checkingCode = undefined;
    clearInterval(this.watching);
    this.watching = undefined;
  }

  private async loggedIn(token: string, user: LoginUser): Promise<PrivateKeyAccount> {
    this.options.tokens.set(token);
    this.user = user;
    const opening = this.openWallet(token, user);
    this.opening = opening;
    try {
      const opened = await opening;
      // Signed out meanwhile: the wallet opened for a login that has ended stays closed.
      if (this.opening === opening) {
        this.signer = opened.signer;
        this.secret?.fill(0);
        this.secret = opened.secret;
        this.solana = undefined;
        this.watchDeviceRequests();
      } else opened.secret.fill(0);
      return opened.signer;
    } finally {
      if (this.opening === opening) this.opening = undefined;
    }
  }

  /** While the wallet is open here, new devices asking to open it are put to the user, one at a time. */
  private watchDeviceRequests() {
    clearInterval(this.watching);
    let busy = false;
    this.watching = setInterval(() => {
      if (busy) return;
      busy = true;
      this.answerDeviceRequests()
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, this.options.devicePollMs ?? DEVICE_POLL_MS);
  }

  private async answerDeviceRequests(): Promise<void> {
    const token = this.options.tokens.get();
    if (!token) return;
    const own = (await this.options.devices.load())?.deviceId;
    for (const request of await this.api.deviceRequests(token)) {
      // Never this device's own request (left from before it opened the wallet another way).
      if (this.answered.has(request.id) || request.deviceId === own) continue;
      this.answered.add(request.id);
      if (await this.options.prompts.approveDevice(pairingCode(request))) await this.approveDevice(token, request);
    }
  }

  /** Hands the approved device its share: sealed to its exchange key, enrolled with the wallet key's proof. */
  private async approveDevice(token: string, request: DeviceRequest): Promise<void> {
    const { signer, secret, user } = this;
    if (!signer || !secret || !user) throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
    const { enrollment, sealedShare } = await shareWithDevice(secret, signer.address, request);
    await this.api.approveDevice(token, request.id, { device: enrollment, sealedShare, proof: await this.vouch(signer, 'add-device', user.id, enrollment) });
  }

  /** The answer to this device's request: the sealed share once a device approved it. */
  private async approvalOf(token: string, requestId: string, signal: AbortSignal): Promise<SealedForDevice> {
    while (!signal.aborted) {
      const status = await this.api.deviceRequestStatus(token, requestId);
      if (status.status === 'approved') return status.sealedShare;
      await new Promise((resolve) => setTimeout(resolve, this.options.devicePollMs ?? DEVICE_POLL_MS));
    }
    throw new Error(FRAME_LOGIN_ERRORS.approvalEnded);
  }

  private async vouch(signer: PrivateKeyAccount, action: EmbeddedWalletAction, userId: string, device: DeviceEnrollment) {
    const issuedAt = new Date().toISOString();
    return { issuedAt, signature: await signer.signMessage({ message: embeddedWalletProofMessage({ action, userId, deviceId: device.deviceId, deviceKey: device.devicePublicKey, issuedAt }) }) };
  }

  private async openWallet(token: string, user: LoginUser): Promise<OpenedWallet> {
    const { devices, prompts } = this.options;
    const { api } = this;
    const wallet = await api.getWallet(token);
    const registration = await devices.loadRegistration();
    if (!wallet) {
      const created = await createWallet(await prompts.chooseFactor(), registration ? { registration } : {});
      const opened = await unlockWallet(created.device, created.server.device.authShare);
      await api.createWallet(token, {
        address: created.address,
        recoveryAuthShare: created.server.recoveryAuthShare,
        recoveryBlob: blobToText(created.server.recoveryBlob),
        device: created.server.device,
        proof: await this.vouch(opened.signer, 'create-wallet', user.id, created.server.device),
      });
      await this.keepDevice(created.device);
      return opened;
    }
    const address = wallet.address as `0x${string}`;
    const device = await devices.load();
    if (device && device.address.toLowerCase() === wallet.address.toLowerCase() && wallet.devices.some((known) => known.id === device.deviceId)) return this.unlockKnown(token, device);
    // A new device for this wallet: a device that has it open approves it, or the user's recovery factor opens it.
    const registered = registration ?? (await this.registerDevice());
    const request = await api.requestDevice(token, { deviceId: registered.deviceId, devicePublicKey: registered.publicKey, exchangeKey: registered.exchangePublicKey });
    const stop = new AbortController();
    const approval = this.approvalOf(token, request.id, stop.signal);
    const approved = approval.then(() => undefined);
    // Ended when the user takes the recovery path instead: then nobody waits on it.
    approved.catch(() => undefined);
    const choice = await prompts.awaitApproval(pairingCode(request), approved);
    if (choice === 'approved') {
      const approvedDevice = await deviceFromHandoff(registered, address, await approval);
      await this.keepDevice(approvedDevice);
      return this.unlockKnown(token, approvedDevice);
    }
    stop.abort();
    const material = await api.recovery(token);
    const recoveryBlob = textToBlob(material.recoveryBlob);
    const recovered = await withRetries(async (problem) =>
      recoverOnNewDevice({ address, recoveryAuthShare: material.recoveryAuthShare, recoveryBlob }, await prompts.askFactor(recoveryBlob.kind === 'passphrase' ? 'passphrase' : 'code', problem, 'recoverWallet'), registered),
    );
    const opened = await unlockWallet(recovered.device, recovered.enrollment.authShare);
    await api.addDevice(token, { device: recovered.enrollment, proof: await this.vouch(opened.signer, 'add-device', user.id, recovered.enrollment) });
    await this.keepDevice(recovered.device);
    return opened;
  }

  /** A device that holds this wallet: its share released for its key's proof, after the fresh login. */
  private async unlockKnown(token: string, device: DeviceRecord): Promise<OpenedWallet> {
    const challenge = await this.api.deviceChallenge(token, device.deviceId);
    const authShare = await this.api.releaseAuthShare(token, device.deviceId, challenge, await proveDevice(device, challenge));
    return unlockWallet(device, authShare);
  }

  /** The device now holds a wallet; its registration is spent (a device id is enrolled once). */
  private async keepDevice(device: DeviceRecord) {
    await this.options.devices.save(device);
    await this.options.devices.saveRegistration(undefined);
  }
}

/** A mistyped factor may be typed again, a few times, without a new login. */
export const RECOVERY_ATTEMPTS = 5;
const RETRYABLE: readonly string[] = [CustodyErrorText.wrongRecoveryFactor, CustodyErrorText.recoveryCodeTypo, CustodyErrorText.recoveryCodeFormat, CustodyErrorText.passphraseTooShort];

async function withRetries<T>(attempt: (problem: string | undefined) => Promise<T>): Promise<T> {
  let problem: string | undefined;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(problem);
    } catch (error) {
      if (!(error instanceof CustodyError) || !RETRYABLE.includes(error.message) || tries >= RECOVERY_ATTEMPTS) throw error;
      problem = error.message;
    }
  }
}
