import { HttpError, type EmailAttempt, type LoginApi, type LoginUser } from '@cairn/core/internal';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DeviceRegistration, DeviceStore } from '../custody/deviceStore.ts';
import type { WalletSecret } from '../custody/walletSecret.ts';
import { solanaAccountOf, type SolanaAccount } from '../custody/solanaAccount.ts';
import { exportMnemonic, registerDevice } from '../custody/wallet.ts';
import { DeviceManagerText, deviceManager } from './deviceManagement.ts';
import { newFarcasterCompletion } from './farcasterCompletion.ts';
import type { LoginTokenStore } from './loginTokenStore.ts';
import { APPROVAL_ENDED, openWallet, type OpenWalletReturnType } from './openWallet.ts';
import { pollUntil } from './pollUntil.ts';
import { factorKindOf, textToBlob, withRecoveryAttempts } from './recoveryAttempts.ts';
import type { RecoveryPrompts } from './recoveryPrompts.ts';
import type { SocialAnswers } from './socialAnswers.ts';

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
  /** How often a waiting new device asks the server for its answer. */
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
  approvalEnded: APPROVAL_ENDED,
  notLoggedIn: 'Log in with your e-mail or a social account first',
  walletNotOpen: 'Open your wallet on this device first',
  noEmail: 'This account has no e-mail address to confirm the change with',
  socialTimedOut: 'The login with the provider did not finish: try again',
  socialFailed: 'The login provider could not be opened: try again',
  farcasterTimedOut: 'The Farcaster app did not sign in: try again',
  /** Session 22: the visitor did not recognise the account that answered their QR code. */
  farcasterNotYou: 'Nothing was logged in: you said that Farcaster account is not yours. Someone who saw your QR code may have answered it first. Start again and scan the new code with your own Farcaster app.',
  /** The liveness check got no answer (the server down or slow): nothing is wiped, nothing signed. */
  serverUnreachable: 'The wallet server did not answer, so nothing was signed: try again',
} as const;

/** How long the liveness check waits for the server before it refuses, as a transient fault. */
export const LIVE_CHECK_TIMEOUT_MS = 5_000;

/** The widget shows what the server said (SPEC §5's throttle text, a wrong code), not a status line. */
function withServerReasons(api: LoginApi): LoginApi {
  return new Proxy(api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
          // The status stays on it: a caller may act on a kind of refusal (openWallet on a 429).
          throw error instanceof HttpError && error.detail ? Object.assign(new Error(error.detail), { status: error.status }) : error;
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
  private opening?: Promise<OpenWalletReturnType>;
  /** The e-mail code the server is still checking: a resume waits for its answer rather than refuse. */
  private checkingCode?: Promise<PrivateKeyAccount>;

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
   * the ID registry and the fid's name against the name registry, the visitor confirms that name
   * (session 22: whoever saw the QR code could answer first with his own account), and the server
   * hands over the login; the frame opens the wallet like any login's. 'That is not me' ends the
   * channel with no login. The link (the channel's token) is the site's to show; the secret that
   * completes the login is not.
   */
  async startFarcaster(siteOrigin: string): Promise<{ url: string; finish(): Promise<PrivateKeyAccount> }> {
    const { api } = this;
    const completion = await newFarcasterCompletion();
    const channel = await api.openFarcasterChannel({ siweUri: `${siteOrigin}/`, domain: new URL(siteOrigin).host }, completion.hash);
    return {
      url: channel.url,
      finish: async () => {
        await pollUntil(() => api.farcasterChannelSigned(channel.channelToken), {
          deadline: Date.now() + (this.options.farcasterTimeoutMs ?? FARCASTER_TIMEOUT_MS),
          everyMs: this.options.farcasterPollMs ?? FARCASTER_POLL_MS,
          timedOut: FRAME_LOGIN_ERRORS.farcasterTimedOut,
        });
        const checked = await api.checkFarcaster(channel.channelToken, completion.secret);
        if (!(await this.options.prompts.confirmFarcaster(checked))) {
          await api.rejectFarcaster(channel.channelToken, completion.secret);
          throw new Error(FRAME_LOGIN_ERRORS.farcasterNotYou);
        }
        const login = await api.completeFarcaster(channel.channelToken, completion.secret);
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

  /**
   * Session 22: before the open wallet signs anything (an approval, the key export, a device's
   * approval or removal) and when the page is shown again, one bounded call asks whether this
   * login still opens the wallet on this device. A device its owner removed (410): the key leaves
   * memory ('This device was removed…'); the next open finds the device gone and asks for the factor. A login ended otherwise
   * (401: signed out, ended past the 20 per account): the key leaves memory; the device record
   * stays, and the next login unlocks it again. No answer in LIVE_CHECK_TIMEOUT_MS, or another
   * failure (the server down or slow): nothing is wiped; the request is refused as retryable.
   */
  async checkLive(): Promise<void> {
    const token = this.options.tokens.get();
    const { devices } = this.options;
    const device = await devices.load();
    // No key in memory to wipe (the export without an open wallet goes through the recovery factor).
    if (!this.signer || !token || !device) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, refuse) => (timer = setTimeout(() => refuse(new Error(FRAME_LOGIN_ERRORS.serverUnreachable)), LIVE_CHECK_TIMEOUT_MS)));
    try {
      await Promise.race([this.api.deviceLive(token, device.deviceId), timedOut]);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // Another login (a reload, a sign-in) replaced this one meanwhile: its own check decides.
      if ((status === 410 || status === 401) && this.options.tokens.get() === token) {
        this.forget();
        // The stored record stays (its share opens nothing: the server's half is gone): the next open reads it, says why and asks for the recovery factor, dropping it then.
        if (status === 410) throw new Error(DeviceManagerText.removed);
        throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
      }
      throw new Error(FRAME_LOGIN_ERRORS.serverUnreachable);
    } finally {
      clearTimeout(timer);
    }
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
    await this.checkLive();
    const token = this.token();
    const wallet = await this.api.getWallet(token);
    if (!wallet) throw new Error(FRAME_LOGIN_ERRORS.notLoggedIn);
    const material = await this.api.recovery(token);
    const recoveryBlob = textToBlob(material.recoveryBlob);
    const { prompts } = this.options;
    const mnemonic = await withRecoveryAttempts(async (problem) =>
      exportMnemonic({ address: wallet.address as `0x${string}`, recoveryAuthShare: material.recoveryAuthShare, recoveryBlob }, await prompts.askFactor(factorKindOf(recoveryBlob), problem, 'exportWallet')),
    );
    await prompts.showExport(mnemonic);
  }

  /**
   * The devices screen (MANAGE_DEVICES, session 21), on this device with the wallet open: the
   * account's devices, Remove on the others (the wallet key's proof), and a new device approved by
   * the code the person types from its screen. Resolves when the person closes the screen.
   */
  async manageDevices(): Promise<void> {
    this.token();
    if (!this.signer || !this.secret || !this.user) throw new Error(FRAME_LOGIN_ERRORS.walletNotOpen);
    const { devices, prompts } = this.options;
    await prompts.manageDevices(
      deviceManager({
        api: () => this.api,
        token: () => this.token(),
        live: () => this.checkLive(),
        wallet: () => {
          if (!this.signer || !this.secret || !this.user) throw new Error(FRAME_LOGIN_ERRORS.walletNotOpen);
          return { signer: this.signer, secret: this.secret, user: this.user };
        },
        devices,
      }),
    );
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
  }

  private async loggedIn(token: string, user: LoginUser): Promise<PrivateKeyAccount> {
    this.options.tokens.set(token);
    this.user = user;
    const { devices, prompts, devicePollMs = DEVICE_POLL_MS } = this.options;
    const opening = openWallet({ api: this.api, devices, prompts, devicePollMs, registerDevice: () => this.registerDevice(), token, user });
    this.opening = opening;
    try {
      const opened = await opening;
      // Signed out meanwhile: the wallet opened for a login that has ended stays closed.
      if (this.opening === opening) {
        this.signer = opened.signer;
        this.secret?.fill(0);
        this.secret = opened.secret;
        this.solana = undefined;
      } else opened.secret.fill(0);
      return opened.signer;
    } finally {
      if (this.opening === opening) this.opening = undefined;
    }
  }
}
