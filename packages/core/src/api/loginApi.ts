import * as v from 'valibot';
import type { DevicePublicKey } from '../rules/embeddedWallet.ts';
import { fetchWithRetry, HttpError, type FetchOptions } from '../http.ts';
import { solveEmailCodeChallenge, type EmailCodeProof } from '../rules/emailCodeProof.ts';
import { REQUESTER_BROWSERS, REQUESTER_SYSTEMS } from '../rules/requesterDevice.ts';
import { serverUrl, type ApiConfig } from './apiConfig.ts';
import { parseResponse } from './getJson.ts';

// Wire shapes of log-in without a wallet (issue 14): defined here once; the server's answers are
// typed by them and every answer the client reads is parsed by them.

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/));

export const loginUserSchema = v.object({
  id: text(64),
  email: v.nullable(text(320)),
  provider: text(40),
  loggedInAt: text(40),
  /** A Farcaster login's name, only when the server proved it in the name registry (session 22). */
  username: v.optional(text(64)),
});
export type LoginUser = v.InferOutput<typeof loginUserSchema>;

export const loginSchema = v.object({ token, user: loginUserSchema });
export type Login = v.InferOutput<typeof loginSchema>;

/** A code request the server answered: the code it mailed is checked against this attempt only. */
export const emailAttemptSchema = v.object({ attemptId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });
export type EmailAttempt = v.InferOutput<typeof emailAttemptSchema>;
export const codeSentSchema = v.object({ sent: v.literal(true), expiresInSeconds: v.number(), ...emailAttemptSchema.entries });
const challengeSchema = v.object({ challenge: text(200), difficulty: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)), expiresInSeconds: v.number() });

/** Proofs solved for one code: the address may get dearer while one is solved (409), then it is solved again. */
const PROOF_TRIES = 3;

export const socialStartSchema = v.object({
  flowId: text(64),
  flowSecret: text(64),
  authorizeUrl: v.pipe(v.string(), v.url(), v.maxLength(4096)),
  /** The origin of the server's callback page: the only one the frame takes the provider's answer from. */
  callbackOrigin: v.pipe(v.string(), v.url(), v.maxLength(256)),
  expiresInSeconds: v.number(),
});
export type SocialStart = v.InferOutput<typeof socialStartSchema>;

/**
 * The provider's answer (RFC 6749 §4.1.2 and its error answer, RFC 9207's `iss`), each with its
 * longest length: the callback page hands these to the frame, the frame presents them to the server.
 */
export const SOCIAL_CALLBACK_PARAMS = { state: 512, code: 4096, iss: 2048, error: 256, error_description: 1024, error_uri: 2048 } as const;
export type SocialCallback = { state: string } & Partial<Record<Exclude<keyof typeof SOCIAL_CALLBACK_PARAMS, 'state'>, string>>;
/** The type of the callback page's message to the frame. */
export const SOCIAL_CALLBACK_MESSAGE = 'cairn:social-callback';

const callbackText = (key: keyof typeof SOCIAL_CALLBACK_PARAMS) => v.pipe(v.string(), v.minLength(1), v.maxLength(SOCIAL_CALLBACK_PARAMS[key]));
export const socialCallbackSchema = v.strictObject({
  state: callbackText('state'),
  code: v.optional(callbackText('code')),
  iss: v.optional(callbackText('iss')),
  error: v.optional(callbackText('error')),
  error_description: v.optional(callbackText('error_description')),
  error_uri: v.optional(callbackText('error_uri')),
});

/** An enrolled device as the server knows it; its key's public half is what the wallet key's removal proof names. */
const walletDeviceSchema = v.object({ id: text(64), publicKey: text(200), createdAt: text(40), lastUsedAt: v.nullable(text(40)) });
export type WalletDevice = v.InferOutput<typeof walletDeviceSchema>;
export const embeddedWalletSchema = v.nullable(v.object({ address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)), devices: v.array(walletDeviceSchema) }));
export type EmbeddedWalletInfo = v.InferOutput<typeof embeddedWalletSchema>;

export const recoverySchema = v.object({ address: text(42), recoveryAuthShare: text(2048), recoveryBlob: text(8192) });
export type WalletRecovery = v.InferOutput<typeof recoverySchema>;

/** A new device's request to open the wallet (issue 27), as the devices that have it open see it. */
export const deviceRequestSchema = v.object({ id: text(64), deviceId: text(64), devicePublicKey: text(200), exchangeKey: text(200), createdAt: text(40) });
export type DeviceRequest = v.InferOutput<typeof deviceRequestSchema>;
/**
 * A request as the open device finds it by its code (session 25): what the server can honestly say
 * of the browser that made it, a browser family and system from closed lists (its User-Agent's
 * claim), and whether it asked from the finding device's network (never either address).
 */
export const foundDeviceRequestSchema = v.object({
  ...deviceRequestSchema.entries,
  requester: v.object({ browser: v.nullable(v.picklist(REQUESTER_BROWSERS)), system: v.nullable(v.picklist(REQUESTER_SYSTEMS)), sameNetwork: v.boolean() }),
});
export type FoundDeviceRequest = v.InferOutput<typeof foundDeviceRequestSchema>;
/** A device share sealed to a new device's exchange key (ECDH P-256, HKDF-SHA256, AES-GCM), opaque to the server. */
export const sealedDeviceShareSchema = v.object({ ephemeralKey: text(200), iv: text(32), ciphertext: text(512) });
export type SealedForDevice = v.InferOutput<typeof sealedDeviceShareSchema>;
const deviceRequestStatusSchema = v.variant('status', [v.object({ status: v.literal('pending') }), v.object({ status: v.literal('approved'), sealedShare: sealedDeviceShareSchema })]);
export type DeviceRequestStatus = v.InferOutput<typeof deviceRequestStatusSchema>;

/** A device as the frame enrolls it: its own id, the server's share and its key's public half. */
export interface DeviceEnrollment {
  deviceId: string;
  authShare: string;
  devicePublicKey: DevicePublicKey;
}

/** What the wallet's own key signed to vouch for a device. */
export interface DeviceProof {
  issuedAt: string;
  signature: string;
}

export const farcasterChannelSchema = v.object({ channelToken: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)), url: v.pipe(v.string(), v.maxLength(4096), v.url()), nonce: text(64) });
export type FarcasterChannel = v.InferOutput<typeof farcasterChannelSchema>;
/**
 * What the server checked of a signed Farcaster channel (session 22): the fid, and its name only when
 * the name registry proved it ('none': no name; 'unverified': a proof that did not hold, and why);
 * the answering app's display name is its own word, not checked.
 */
export const farcasterCheckSchema = v.object({
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.nullable(text(64)),
  name: v.picklist(['verified', 'none', 'unverified']),
  nameProblem: v.optional(text(200)),
  appDisplayName: v.optional(text(256)),
});
export type FarcasterCheck = v.InferOutput<typeof farcasterCheckSchema>;

export interface LoginApi {
  /**
   * Pays the address's price (the server's proof-of-work challenge, solved here) and mails a
   * one-time code; rejects with the server's reason ('Please try again after {n} seconds', ...).
   */
  requestEmailCode(email: string): Promise<EmailAttempt>;
  verifyEmailCode(email: string, attempt: EmailAttempt, code: string): Promise<Login>;
  getUser(token: string): Promise<LoginUser | undefined>;
  signOut(token: string): Promise<void>;
  /** SPEC §4: a code to the current address, then (`confirmPrimary`) one to the new, then `confirmSecondary`; each code paid for. */
  startEmailUpdate(token: string, current: string, next: string): Promise<EmailAttempt>;
  confirmEmailUpdatePrimary(token: string, next: string, attempt: EmailAttempt, code: string): Promise<EmailAttempt>;
  confirmEmailUpdateSecondary(token: string, next: string, attempt: EmailAttempt, code: string): Promise<LoginUser>;
  /** Starts a social login; the server may set its browser key cookie (so these calls send credentials). */
  startSocial(provider: string): Promise<SocialStart>;
  /** Whether the flow is now bound to this browser (it kept the browser key cookie). */
  bindSocial(flowId: string, flowSecret: string): Promise<boolean>;
  /** The provider's answer, as the callback page handed it to the frame: the server exchanges it, once, for the login. */
  completeSocial(flowId: string, flowSecret: string, callback: SocialCallback): Promise<Login>;
  getWallet(token: string): Promise<EmbeddedWalletInfo>;
  /** Custody's server record (the recovery blob as base64url text) and the wallet key's proof. */
  createWallet(token: string, body: { address: string; recoveryAuthShare: string; recoveryBlob: string; device: DeviceEnrollment; proof: DeviceProof }): Promise<{ deviceId: string }>;
  addDevice(token: string, body: { device: DeviceEnrollment; proof: DeviceProof }): Promise<{ deviceId: string }>;
  deviceChallenge(token: string, deviceId: string): Promise<string>;
  /** The device's server share, for a signature of the device key over the challenge. */
  releaseAuthShare(token: string, deviceId: string, challenge: string, signature: string): Promise<string>;
  recovery(token: string): Promise<WalletRecovery>;
  /** A new device asks the devices that have the wallet open (issue 27). */
  requestDevice(token: string, body: { deviceId: string; devicePublicKey: string; exchangeKey: string }): Promise<DeviceRequest>;
  /**
   * On a device with the wallet open (session 21): the waiting request whose pairing code the person
   * typed from the new device's screen. A wrong code counts as one of this login's few tries.
   */
  findDeviceRequest(token: string, code: string): Promise<FoundDeviceRequest>;
  /** Removes an enrolled device, with the wallet key's `remove-device` proof for it. */
  removeDevice(token: string, deviceId: string, proof: DeviceProof): Promise<void>;
  /**
   * "Sign out everywhere else" (session 23): ends every other login of the account, with the wallet
   * key's `sign-out-others` proof for this device; answers how many ended.
   */
  signOutOthers(token: string, body: { deviceId: string; proof: DeviceProof }): Promise<{ ended: number }>;
  /**
   * Whether this login still opens the wallet on this device (session 22): resolves when it does;
   * an HttpError 410 when the device was removed, 401 when the login ended.
   */
  deviceLive(token: string, deviceId: string): Promise<void>;
  deviceRequestStatus(token: string, id: string): Promise<DeviceRequestStatus>;
  /** An open device approves: the new device's enrollment, its share sealed to it, the wallet key's proof. */
  approveDevice(token: string, id: string, body: { device: DeviceEnrollment; sealedShare: SealedForDevice; proof: DeviceProof }): Promise<void>;
  /**
   * Sign In With Farcaster (issue 27): a channel on the server's relay for the site (FIP-11), its link for the visitor's Farcaster app.
   * `completionHash`: SHA-256 (base64url) of a secret only the frame keeps; the link (and its channel token) reaches the site's page, the secret never does.
   */
  openFarcasterChannel(site: { siweUri: string; domain: string }, completionHash: string): Promise<FarcasterChannel>;
  /** Whether the visitor's Farcaster app has signed the channel's message. */
  farcasterChannelSigned(channelToken: string): Promise<boolean>;
  /** The signed channel, checked by the server against the ID registry, for the login; once, and only with the secret whose hash opened it. */
  completeFarcaster(channelToken: string, completionSecret: string): Promise<Login>;
  /** Session 22: the fid and its checked name, for the visitor to confirm before completeFarcaster. */
  checkFarcaster(channelToken: string, completionSecret: string): Promise<FarcasterCheck>;
  /** The visitor said the account shown is not theirs: the channel ends, no login. */
  rejectFarcaster(channelToken: string, completionSecret: string): Promise<void>;
}

/** Calls to the site's Cairn server for log-in without a wallet; used by the secure frame. None is retried. */
export function createLoginApi(config: ApiConfig, fetchOptions: FetchOptions = {}): LoginApi {
  const once = { ...fetchOptions, retries: 0 };
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: v.GenericSchema<unknown, T> | undefined, options: { token?: string; body?: unknown; withCookies?: boolean } = {}): Promise<T> {
    const response = await fetchWithRetry(
      serverUrl(config, path),
      {
        method,
        ...(options.withCookies ? { credentials: 'include' as const } : {}),
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      once,
    );
    if (!schema) return undefined as T;
    return parseResponse(schema, response.status === 204 ? undefined : await response.json(), path);
  }
  const device = (id: string) => `/auth/v1/wallet/devices/${encodeURIComponent(id)}`;
  /** Sends a request that mails a code to `email`, with a proof of the price the server asks for it. */
  async function paid<T>(email: string, send: (proof: EmailCodeProof) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      const { challenge, difficulty } = await call('POST', '/auth/v1/email/challenge', challengeSchema, { body: { email } });
      try {
        return await send(await solveEmailCodeChallenge(challenge, difficulty));
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 409) || tries >= PROOF_TRIES) throw error;
      }
    }
  }
  const attemptOf = ({ attemptId }: EmailAttempt): EmailAttempt => ({ attemptId });
  return {
    requestEmailCode: (email) => paid(email, async (proof) => attemptOf(await call('POST', '/auth/v1/email/login', codeSentSchema, { body: { email, proof } }))),
    verifyEmailCode: (email, attempt, code) => call('POST', '/auth/v1/email/verify', loginSchema, { body: { email, attemptId: attempt.attemptId, code } }),
    async getUser(loginToken) {
      try {
        return (await call('GET', '/auth/v1/user', v.object({ user: loginUserSchema }), { token: loginToken })).user;
      } catch (error) {
        if ((error as { status?: number }).status === 401) return undefined;
        throw error;
      }
    },
    signOut: (loginToken) => call('POST', '/auth/v1/user/signout', undefined, { token: loginToken, body: {} }),
    // The first code goes to the current address, the second to the new one: each is paid for where it goes.
    startEmailUpdate: (loginToken, current, next) =>
      paid(current, async (proof) => attemptOf(await call('POST', '/auth/v1/email/update', codeSentSchema, { token: loginToken, body: { email: next, proof } }))),
    confirmEmailUpdatePrimary: (loginToken, next, attempt, code) =>
      paid(next, async (proof) => attemptOf(await call('POST', '/auth/v1/email/update/primary', codeSentSchema, { token: loginToken, body: { email: next, attemptId: attempt.attemptId, code, proof } }))),
    async confirmEmailUpdateSecondary(loginToken, next, attempt, code) {
      return (await call('POST', '/auth/v1/email/update/secondary', v.object({ user: loginUserSchema }), { token: loginToken, body: { email: next, attemptId: attempt.attemptId, code } })).user;
    },
    startSocial: (provider) => call('POST', `/auth/v1/social/${encodeURIComponent(provider)}/start`, socialStartSchema, { body: {}, withCookies: true }),
    async bindSocial(flowId, flowSecret) {
      return (await call('POST', '/auth/v1/social/bind', v.object({ bound: v.boolean() }), { body: { flowId, flowSecret }, withCookies: true })).bound;
    },
    completeSocial: (flowId, flowSecret, callback) => call('POST', '/auth/v1/social/complete', loginSchema, { body: { flowId, flowSecret, callback }, withCookies: true }),
    async getWallet(loginToken) {
      return (await call('GET', '/auth/v1/wallet', v.object({ wallet: embeddedWalletSchema }), { token: loginToken })).wallet;
    },
    async createWallet(loginToken, body) {
      return { deviceId: (await call('POST', '/auth/v1/wallet', v.object({ deviceId: text(64) }), { token: loginToken, body })).deviceId };
    },
    addDevice: (loginToken, body) => call('POST', '/auth/v1/wallet/devices', v.object({ deviceId: text(64) }), { token: loginToken, body }),
    async deviceChallenge(loginToken, deviceId) {
      return (await call('POST', `${device(deviceId)}/challenge`, v.object({ challenge: text(100) }), { token: loginToken, body: {} })).challenge;
    },
    async releaseAuthShare(loginToken, deviceId, challenge, signature) {
      return (await call('POST', `${device(deviceId)}/share`, v.object({ authShare: text(2048) }), { token: loginToken, body: { challenge, signature } })).authShare;
    },
    recovery: (loginToken) => call('POST', '/auth/v1/wallet/recovery', recoverySchema, { token: loginToken, body: {} }),
    openFarcasterChannel: (site, completionHash) => call('POST', '/farcaster/v1/channel', farcasterChannelSchema, { body: { ...site, completionHash } }),
    async farcasterChannelSigned(channelToken) {
      return (await call('GET', '/farcaster/v1/channel/status', v.object({ state: v.picklist(['pending', 'completed']) }), { token: channelToken })).state === 'completed';
    },
    completeFarcaster: (channelToken, completionSecret) => call('POST', '/auth/v1/farcaster/complete', loginSchema, { body: { channelToken, completionSecret } }),
    checkFarcaster: (channelToken, completionSecret) => call('POST', '/auth/v1/farcaster/check', farcasterCheckSchema, { body: { channelToken, completionSecret } }),
    async rejectFarcaster(channelToken, completionSecret) {
      await call('POST', '/auth/v1/farcaster/reject', v.object({ ended: v.literal(true) }), { body: { channelToken, completionSecret } });
    },
    async requestDevice(loginToken, body) {
      return (await call('POST', '/auth/v1/wallet/device-requests', v.object({ request: deviceRequestSchema }), { token: loginToken, body })).request;
    },
    async findDeviceRequest(loginToken, code) {
      return (await call('POST', '/auth/v1/wallet/device-requests/find', v.object({ request: foundDeviceRequestSchema }), { token: loginToken, body: { code } })).request;
    },
    removeDevice: (loginToken, deviceId, proof) => call('DELETE', device(deviceId), undefined, { token: loginToken, body: { proof } }),
    signOutOthers: (loginToken, body) => call('POST', '/auth/v1/wallet/sign-out-others', v.object({ ended: v.pipe(v.number(), v.integer(), v.minValue(0)) }), { token: loginToken, body }),
    async deviceLive(loginToken, deviceId) {
      await call('GET', `${device(deviceId)}/live`, v.object({ live: v.literal(true) }), { token: loginToken });
    },
    deviceRequestStatus: (loginToken, id) => call('GET', `/auth/v1/wallet/device-requests/${encodeURIComponent(id)}`, deviceRequestStatusSchema, { token: loginToken }),
    async approveDevice(loginToken, id, body) {
      await call('POST', `/auth/v1/wallet/device-requests/${encodeURIComponent(id)}/approve`, v.object({ deviceId: text(64) }), { token: loginToken, body });
    },
  };
}
