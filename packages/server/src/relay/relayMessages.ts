import type { RelayLimits } from './relayLimits.ts';

/**
 * The params of each relay method, checked. WalletConnect's relay-api names irn_*; the sign client
 * also calls wc_proposeSession and wc_approveSession (@walletconnect/sign-client engine,
 * sendProposeSession / sendApproveSession). Fields beyond these (the clients' `prompt`,
 * `correlationId` and other TVF fields) are allowed and ignored.
 */
export interface PublishParams {
  topic: string;
  message: string;
  ttl: number;
  tag: number;
  attestation?: string;
}

/** How a published message is kept and delivered, whichever method published it. */
export type PublishOptions = Omit<PublishParams, 'topic' | 'message'>;

export interface UnsubscribeParams {
  topic: string;
  id: string;
}

/** The dapp's proposal, published on the pairing topic. */
export interface ProposeSessionParams extends PublishOptions {
  pairingTopic: string;
  sessionProposal: string;
}

/** The wallet's two messages, published with the same ttl and tag; a wallet sends no attestation. */
export interface ApproveSessionParams extends Omit<PublishOptions, 'attestation'> {
  pairingTopic: string;
  sessionTopic: string;
  sessionProposalResponse: string;
  sessionSettlementRequest: string;
}

export type RelayRequest =
  | { method: 'irn_subscribe'; params: { topic: string } }
  | { method: 'irn_batchSubscribe'; params: { topics: string[] } }
  | { method: 'irn_unsubscribe'; params: UnsubscribeParams }
  | { method: 'irn_batchUnsubscribe'; params: { subscriptions: UnsubscribeParams[] } }
  | { method: 'irn_publish'; params: PublishParams }
  | { method: 'irn_batchPublish'; params: { messages: PublishParams[] } }
  | { method: 'irn_batchFetchMessages'; params: { topics: string[] } }
  | { method: 'wc_proposeSession'; params: ProposeSessionParams }
  | { method: 'wc_approveSession'; params: ApproveSessionParams };

export type RelayMethod = RelayRequest['method'];

/** Thrown by a check; its message is the JSON-RPC error text (-32602). */
export class InvalidParams extends Error {}

const TOPIC = /^[0-9a-f]{64}$/;
const SUBSCRIPTION_ID = /^[0-9a-f]{64}$/;

type Fields = Record<string, unknown>;

function object(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidParams(`${what} must be an object`);
  return value as Fields;
}

function topic(value: unknown, field: string): string {
  if (typeof value !== 'string' || !TOPIC.test(value)) throw new InvalidParams(`${field} must be 64 lowercase hex characters`);
  return value;
}

function text(value: unknown, field: string, maxChars: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxChars) {
    throw new InvalidParams(`${field} must be a non-empty string of at most ${maxChars} characters`);
  }
  return value;
}

function list(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) throw new InvalidParams(`${field} must be an array of 1 to ${max} entries`);
  return value;
}

function ttl(value: unknown, limits: RelayLimits): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > limits.maxTtlSeconds) {
    throw new InvalidParams(`ttl must be an integer from 1 to ${limits.maxTtlSeconds} (seconds)`);
  }
  return value;
}

function tag(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new InvalidParams('tag must be an integer');
  return value;
}

function attestation(value: unknown, limits: RelayLimits): string | undefined {
  if (value === undefined) return undefined;
  // "" is meaningful: the dapp tried Verify and has no attestation (core's Verify.resolve skips it).
  if (typeof value !== 'string' || value.length > limits.maxAttestationChars) {
    throw new InvalidParams(`attestation must be a string of at most ${limits.maxAttestationChars} characters`);
  }
  return value;
}

function publishOptions(fields: Fields, limits: RelayLimits): PublishOptions {
  return { ttl: ttl(fields.ttl, limits), tag: tag(fields.tag), attestation: attestation(fields.attestation, limits) };
}

function publish(value: unknown, limits: RelayLimits, what = 'params'): PublishParams {
  const fields = object(value, what);
  return {
    topic: topic(fields.topic, 'topic'),
    message: text(fields.message, 'message', limits.maxMessageChars),
    ...publishOptions(fields, limits),
  };
}

function unsubscribe(value: unknown, what = 'params'): UnsubscribeParams {
  const fields = object(value, what);
  if (typeof fields.id !== 'string' || !SUBSCRIPTION_ID.test(fields.id)) throw new InvalidParams('id must be the subscription id (64 hex characters)');
  return { topic: topic(fields.topic, 'topic'), id: fields.id };
}

function topics(value: unknown, limits: RelayLimits): string[] {
  const fields = object(value, 'params');
  return list(fields.topics, 'topics', limits.maxBatchSize).map((entry, index) => topic(entry, `topics[${index}]`));
}

const CHECKS: { [M in RelayMethod]: (params: unknown, limits: RelayLimits) => Extract<RelayRequest, { method: M }>['params'] } = {
  irn_subscribe: (params) => ({ topic: topic(object(params, 'params').topic, 'topic') }),
  irn_batchSubscribe: (params, limits) => ({ topics: topics(params, limits) }),
  irn_unsubscribe: (params) => unsubscribe(params),
  irn_batchUnsubscribe: (params, limits) => ({
    subscriptions: list(object(params, 'params').subscriptions, 'subscriptions', limits.maxBatchSize).map((entry, index) => unsubscribe(entry, `subscriptions[${index}]`)),
  }),
  irn_publish: (params, limits) => publish(params, limits),
  irn_batchPublish: (params, limits) => ({
    messages: list(object(params, 'params').messages, 'messages', limits.maxBatchSize).map((entry, index) => publish(entry, limits, `messages[${index}]`)),
  }),
  irn_batchFetchMessages: (params, limits) => ({ topics: topics(params, limits) }),
  wc_proposeSession: (params, limits) => {
    const fields = object(params, 'params');
    return {
      pairingTopic: topic(fields.pairingTopic, 'pairingTopic'),
      sessionProposal: text(fields.sessionProposal, 'sessionProposal', limits.maxMessageChars),
      ...publishOptions(fields, limits),
    };
  },
  wc_approveSession: (params, limits) => {
    const fields = object(params, 'params');
    return {
      pairingTopic: topic(fields.pairingTopic, 'pairingTopic'),
      sessionTopic: topic(fields.sessionTopic, 'sessionTopic'),
      sessionProposalResponse: text(fields.sessionProposalResponse, 'sessionProposalResponse', limits.maxMessageChars),
      sessionSettlementRequest: text(fields.sessionSettlementRequest, 'sessionSettlementRequest', limits.maxMessageChars),
      ttl: ttl(fields.ttl, limits),
      tag: tag(fields.tag),
    };
  },
};

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.hasOwn(CHECKS, method);
}

/** The request with its params checked; throws InvalidParams naming the first bad field. */
export function readRelayRequest(method: RelayMethod, params: unknown, limits: RelayLimits): RelayRequest {
  return { method, params: CHECKS[method](params, limits) } as RelayRequest;
}
