import * as v from 'valibot';
import { EMAIL_CODE_DIGITS, FRAME_CONNECT_TIMEOUT_MS, isEmailCode, isValidEmail, JSON_RPC_TIMEOUT_MS, SOCIAL_LOGIN_PROVIDERS } from '@cairn/core/internal';
import { FRAME_PROMPT_KINDS } from '@cairn/core';
import { SUPPORTED_LOCALES } from '@cairn/core/rules';
import { JsonValueSchema } from './jsonValue.ts';

/**
 * The requests the widget sends the frame (SPEC §4, §7), each answered by `<NAME>_SUCCESS` or
 * `<NAME>_ERROR`. Each entry: the request payload's schema, the success payload's schema, and the
 * request's timeout. Both sides parse with these: the frame what it is asked, the widget what it is told.
 */
// SPEC §5: the same e-mail rule as the server's (core), after trimming.
const Email = v.pipe(v.string(), v.trim(), v.check((value: string) => isValidEmail(value), 'E-mail payloads must be valid e-mails'));
// The code the server mails: core's rule, as the widget and the server apply it.
const Otp = v.pipe(v.string(), v.check((value: string) => isEmailCode(value), `A one-time code is ${EMAIL_CODE_DIGITS} digits`));
const ChainId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const Address = v.pipe(v.string(), v.maxLength(128), v.regex(/^[0-9A-Za-z]+$/));
const Empty = v.strictObject({});
const AccountType = v.picklist(['eoa', 'smartAccount']);
/** SPEC §5: social providers allowed (core's list, which the server applies too). */
export const FRAME_SOCIAL_PROVIDERS = SOCIAL_LOGIN_PROVIDERS;
const SocialProvider = v.picklist(FRAME_SOCIAL_PROVIDERS, 'Social provider not allowed');
const ShortText = v.pipe(v.string(), v.maxLength(256));
/** 0x hex (eip155's uncompressed secp256k1 key) or base58 (solana's ed25519 key). */
const PublicKey = v.pipe(v.string(), v.maxLength(140), v.regex(/^(0x[0-9a-fA-F]+|[1-9A-HJ-NP-Za-km-z]+)$/));
/** BIP-32 / SLIP-0010: m/44'/60'/0'/0/0. */
const DerivationPath = v.pipe(v.string(), v.maxLength(64), v.regex(/^m(\/\d+'?)+$/));

/** SPEC §3: the frame user. */
export const FrameUserSchema = v.strictObject({
  email: v.optional(Email),
  address: Address,
  chainId: ChainId,
  // An account of another namespace than the EVM address (the frame's Solana account) names it.
  // SPEC §3 library-level account: a key's own account carries its public key and derivation path.
  accounts: v.pipe(
    v.array(v.strictObject({ address: Address, type: AccountType, namespace: v.optional(v.picklist(['eip155', 'solana'])), publicKey: v.optional(PublicKey), path: v.optional(DerivationPath) })),
    v.maxLength(16),
  ),
  smartAccountDeployed: v.boolean(),
  preferredAccountType: AccountType,
  userName: v.optional(ShortText),
});
export type FrameUser = v.InferOutput<typeof FrameUserSchema>;

const ThemeVariables = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^--cairn-[a-z0-9-]{1,40}$/)), v.pipe(v.string(), v.maxLength(256))),
  v.check((record) => Object.keys(record).length <= 64, 'Too many theme variables'),
);

/** How long the widget waits for an RPC call the user approves in the frame (the user reads first). */
export const RPC_APPROVAL_TIMEOUT_MS = 5 * 60_000;

/**
 * How long the widget waits for each class of request (SPEC §9: connect-type requests 30 s). The
 * clock stops while the frame's own screen is open: a step that waits on a person is never bound
 * by a request's timeout. A site (or a test) may shorten or lengthen them (`embeddedWallet({ timeouts })`).
 */
export interface FrameTimeouts {
  /** Log-in requests: e-mail, device, one-time code, social, social redirect, e-mail update. */
  connect: number;
  /** Everything else the frame answers by itself. */
  request: number;
  /** RPC calls and the key export, which wait for the user's approval in the frame. */
  approval: number;
}
export const FRAME_TIMEOUTS_MS: FrameTimeouts = { connect: FRAME_CONNECT_TIMEOUT_MS, request: 30_000, approval: RPC_APPROVAL_TIMEOUT_MS };
type TimeoutClass = keyof FrameTimeouts;

/**
 * The frame's answers to an RPC call that needs the user, as the widget receives them (the error
 * payload carries a message only): the widget maps `userRejected` to EIP-1193's code 4001
 * and `executionReverted` to code 3.
 */
export const FRAME_RPC_ERRORS = {
  /** EIP-1193 4001's text: Reject, Escape, or the approval screen ran out. */
  userRejected: 'User rejected the request.',
  /** One approval at a time: a second request while the screen is open is refused, not queued. */
  approvalBusy: 'Another request is waiting for your approval',
  notSignedIn: 'Log in with your e-mail or a social account first',
  /**
   * SPEC §8's node text, as a node words it (with ': reason' where the contract gave one): the smart
   * account's call landed and reverted. The widget gives it JSON-RPC's code 3, as a node does.
   */
  executionReverted: 'execution reverted',
} as const;

const request = <Req extends v.GenericSchema, Res extends v.GenericSchema>(requestSchema: Req, success: Res, timeout: TimeoutClass) => ({ request: requestSchema, success, timeout });

export const FRAME_REQUESTS = {
  CONNECT_EMAIL: request(v.strictObject({ email: Email }), v.strictObject({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP']) }), 'connect'),
  CONNECT_DEVICE: request(Empty, Empty, 'connect'),
  CONNECT_OTP: request(v.strictObject({ otp: Otp }), Empty, 'connect'),
  CONNECT_SOCIAL: request(v.strictObject({ provider: SocialProvider }), FrameUserSchema, 'connect'),
  // Sign In With Farcaster (issue 27): the link for the QR code first, then the wait for the visitor's Farcaster app
  // (a phone in hand: not SPEC §9's 30 s connect-type bound, the approval class's).
  GET_FARCASTER_URI: request(Empty, v.strictObject({ uri: v.pipe(v.string(), v.maxLength(4096), v.url()) }), 'connect'),
  CONNECT_FARCASTER: request(Empty, FrameUserSchema, 'approval'),
  GET_SOCIAL_REDIRECT_URI: request(v.strictObject({ provider: SocialProvider }), v.strictObject({ uri: v.pipe(v.string(), v.maxLength(4096), v.url()) }), 'connect'),
  GET_USER: request(v.strictObject({ chainId: v.optional(ChainId), preferredAccountType: v.optional(AccountType) }), FrameUserSchema, 'request'),
  SIGN_OUT: request(Empty, Empty, 'request'),
  IS_CONNECTED: request(Empty, v.strictObject({ isConnected: v.boolean() }), 'request'),
  SWITCH_NETWORK: request(v.strictObject({ chainId: ChainId }), v.strictObject({ chainId: ChainId }), 'request'),
  GET_CHAIN_ID: request(Empty, v.strictObject({ chainId: ChainId }), 'request'),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: request(Empty, v.strictObject({ smartAccountEnabledNetworks: v.pipe(v.array(ChainId), v.maxLength(256)) }), 'request'),
  SET_PREFERRED_ACCOUNT: request(v.strictObject({ type: AccountType }), v.strictObject({ type: AccountType, address: Address }), 'request'),
  RPC_REQUEST: request(
    v.strictObject({
      method: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,64}$/)),
      params: v.optional(JsonValueSchema),
      chainId: v.optional(ChainId),
    }),
    v.strictObject({ result: JsonValueSchema }),
    'approval',
  ),
  // Not in SPEC §7's list: the user's key export (issue 14), after a fresh login and the recovery factor, shown in the frame only.
  EXPORT_WALLET: request(Empty, Empty, 'approval'),
  // Not in SPEC §7's list either (session 21): the wallet's devices screen in the frame, where the person removes a lost
  // device and approves a new one by the code it shows; answered when the person closes it.
  MANAGE_DEVICES: request(Empty, Empty, 'approval'),
  UPDATE_EMAIL: request(v.strictObject({ email: Email }), v.strictObject({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }), 'connect'),
  UPDATE_EMAIL_PRIMARY_OTP: request(v.strictObject({ otp: Otp }), Empty, 'connect'),
  UPDATE_EMAIL_SECONDARY_OTP: request(v.strictObject({ otp: Otp }), v.strictObject({ newEmail: Email }), 'connect'),
  SYNC_THEME: request(v.strictObject({ themeMode: v.picklist(['light', 'dark']), themeVariables: v.optional(ThemeVariables) }), Empty, 'request'),
  SYNC_DAPP_DATA: request(
    v.strictObject({
      projectId: v.optional(ShortText),
      sdkType: ShortText,
      sdkVersion: ShortText,
      metadata: v.optional(v.strictObject({ name: ShortText, url: v.pipe(v.string(), v.maxLength(2048), v.url()), description: v.optional(ShortText), icons: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(2048))), v.maxLength(8))) })),
      // The widget's language (issue 27): the frame's own screens show it too; English when absent.
      locale: v.optional(v.picklist(SUPPORTED_LOCALES, 'A locale the widget speaks')),
    }),
    Empty,
    'request',
  ),
  RELOAD: request(Empty, Empty, 'request'),
} as const;

export type FrameRequestName = keyof typeof FRAME_REQUESTS;
export type FrameRequestPayload<N extends FrameRequestName> = v.InferInput<(typeof FRAME_REQUESTS)[N]['request']>;
export type FrameSuccessPayload<N extends FrameRequestName> = v.InferOutput<(typeof FRAME_REQUESTS)[N]['success']>;
export const FRAME_REQUEST_NAMES = Object.keys(FRAME_REQUESTS) as FrameRequestName[];

/** Read-only RPC calls answer within the JSON-RPC timeout (SPEC §9); those that wait for the user get longer. */
export function requestTimeoutMs(name: FrameRequestName, method?: string, needsApproval = false, timeouts: FrameTimeouts = FRAME_TIMEOUTS_MS): number {
  if (name === 'RPC_REQUEST' && method !== undefined && !needsApproval) return JSON_RPC_TIMEOUT_MS;
  return timeouts[FRAME_REQUESTS[name].timeout];
}

export const APP_PREFIX = '@cairn-app/';
export const FRAME_PREFIX = '@cairn-frame/';
/** The handshake: the frame announces it loaded to its parent, the widget answers with a MessagePort, the frame says it is ready on it. */
export const FRAME_LOADED = `${FRAME_PREFIX}LOADED` as const;
export const APP_HELLO = `${APP_PREFIX}HELLO` as const;
export const FRAME_READY = `${FRAME_PREFIX}READY` as const;
export const PROTOCOL_VERSION = 1;
/** The frame's own screen (a recovery code, later an approval) opens or closes: the widget shows or hides the iframe. */
export const FRAME_PROMPT = `${FRAME_PREFIX}PROMPT` as const;

const Id = v.pipe(v.string(), v.uuid());
const RequestType = v.picklist(FRAME_REQUEST_NAMES.map((name) => `${APP_PREFIX}${name}` as const));

export const LoadedSchema = v.strictObject({ type: v.literal(FRAME_LOADED), v: v.literal(PROTOCOL_VERSION) });
export const HelloSchema = v.strictObject({ type: v.literal(APP_HELLO), v: v.literal(PROTOCOL_VERSION) });
export const ReadySchema = v.strictObject({ type: v.literal(FRAME_READY), v: v.literal(PROTOCOL_VERSION) });
/** The frame's own screen opened or closed, and what it asks of the person (the widget names its view after it). */
export const PromptSchema = v.strictObject({ type: v.literal(FRAME_PROMPT), open: v.boolean(), kind: v.picklist(FRAME_PROMPT_KINDS) });

/** A request's envelope; its payload is then parsed by the request's own schema. */
export const RequestEnvelopeSchema = v.strictObject({ type: RequestType, id: Id, payload: v.unknown() });
export const ResponseEnvelopeSchema = v.strictObject({
  type: v.pipe(v.string(), v.maxLength(96), v.startsWith(FRAME_PREFIX)),
  id: Id,
  payload: v.unknown(),
});
export const ErrorPayloadSchema = v.strictObject({ message: v.optional(v.pipe(v.string(), v.maxLength(1000))) });

export const successType = (name: FrameRequestName) => `${FRAME_PREFIX}${name}_SUCCESS`;
export const errorType = (name: FrameRequestName) => `${FRAME_PREFIX}${name}_ERROR`;
export const requestType = (name: FrameRequestName) => `${APP_PREFIX}${name}`;
export const requestNameOf = (type: string) => type.slice(APP_PREFIX.length) as FrameRequestName;
