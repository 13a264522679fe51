import { timingSafeEqual } from 'node:crypto';
import { createAppClient, viemConnector } from '@farcaster/auth-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPublicClient, http } from 'viem';
import { ApiError } from '../../http/errors.ts';
import { loginLimit, sharedRateLimit } from '../../http/rateLimits.ts';
import type { ServerServices } from '../../services.ts';
import { LoginStore } from '../loginStore.ts';
import { completesChannel, FarcasterChannelStore, type Channel, type ChannelRequest } from './farcasterChannelStore.ts';
import { FARCASTER_ERRORS } from './farcasterErrors.ts';
import { farcasterNames, NameRegistryUnavailable, type FarcasterName } from './farcasterName.ts';

/** FIP-11's relay paths sit under this prefix: an auth client's `relay` is `<server>/farcaster`, its version `v1`. */
export const FARCASTER_RELAY_PATH = '/farcaster';

interface CompletionBody {
  channelToken: string;
  completionSecret?: string;
}
const COMPLETION_BODY = {
  type: 'object',
  required: ['channelToken'],
  additionalProperties: false,
  properties: { channelToken: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' }, completionSecret: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' }, projectId: { type: 'string' } },
} as const;

const TOKEN = /^Bearer ([A-Za-z0-9_-]{43})$/;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;
const SHORT = { type: 'string', maxLength: 256 } as const;
/** The frame's completion secret (32 random bytes) and its SHA-256, both base64url. */
const BASE64URL_32 = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;

const channelToken = (request: FastifyRequest): string => {
  const token = TOKEN.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new ApiError(401, FARCASTER_ERRORS.noChannel, 'authorization');
  return token;
};

/** The link the visitor opens (or scans) in a Farcaster wallet app: the channel and what to sign, in its query. */
function signInUrl(connectUrl: string, token: string, channel: Pick<Channel, 'nonce' | 'request'>): string {
  const url = new URL(connectUrl);
  url.searchParams.set('channelToken', token);
  url.searchParams.set('nonce', channel.nonce);
  for (const [key, value] of Object.entries(channel.request)) if (typeof value === 'string') url.searchParams.set(key, value);
  return url.toString();
}

/** FIP-11's status body: pending until the wallet app answered, then its message, signature and profile. */
function statusBody(connectUrl: string, token: string, channel: Channel) {
  return {
    state: channel.answer ? ('completed' as const) : ('pending' as const),
    nonce: channel.nonce,
    url: signInUrl(connectUrl, token, channel),
    signatureParams: { ...channel.request, nonce: channel.nonce },
    ...(channel.answer ? { ...channel.answer, authMethod: 'custody' as const } : {}),
  };
}

/**
 * Sign In With Farcaster's auth relay (FIP-11's connect API), the smallest one that keeps to the
 * protocol, outside the project check (a Farcaster wallet app calls it as it calls any relay):
 * POST /farcaster/v1/channel opens a channel for an app (its domain, URI, nonce) and gives its link;
 * GET /farcaster/v1/channel/status (the channel token as bearer) tells the app whether it is signed;
 * POST /farcaster/v1/channel/authenticate, from the wallet app with the relay key, hands over the
 * signed message. The relay checks no signature: the login does (registerFarcasterLogin).
 */
/**
 * Whether a channel's site is one of this server's (SIWX_DOMAINS, the URI on an origin it allows):
 * a channel for another site would let that site, once its visitor signs in to it with Farcaster,
 * complete the login here and hold the visitor's wallet.
 */
function acceptedSite(services: ServerServices, request: { domain: string; siweUri: string }): boolean {
  const { siwx } = services.config;
  const domain = request.domain.toLowerCase();
  if (!siwx.domains.includes(domain)) return false;
  try {
    return (siwx.origins[domain] ?? []).includes(new URL(request.siweUri).origin.toLowerCase());
  } catch {
    return false;
  }
}

export function registerFarcasterRelay(app: FastifyInstance, services: ServerServices): void {
  const { login } = services.config;
  const farcaster = login.farcaster;
  if (!farcaster) return;
  const channels = new FarcasterChannelStore(services.db, login.secret);
  const relayKey = Buffer.from(farcaster.relayKey);

  app.post<{ Body: ChannelRequest & { nonce?: string; acceptAuthAddress?: boolean; completionHash?: string } }>(
    `${FARCASTER_RELAY_PATH}/v1/channel`,
    {
      config: { rateLimit: loginLimit(login.socialStartsPerIp) },
      // As the social logins' starts: a channel is a row for five minutes, and many addresses are many per-client budgets.
      preHandler: sharedRateLimit(app, 'farcaster-channel', login.socialStartsTotal, () => 'all'),
      schema: {
        body: {
          type: 'object',
          required: ['siweUri', 'domain'],
          additionalProperties: false,
          properties: {
            siweUri: { type: 'string', format: 'uri', maxLength: 2048, pattern: '^https?://' },
            domain: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' },
            nonce: { type: 'string', pattern: '^[A-Za-z0-9]{8,64}$' },
            notBefore: DATE_TIME,
            expirationTime: DATE_TIME,
            requestId: SHORT,
            redirectUrl: { type: 'string', format: 'uri', maxLength: 2048 },
            acceptAuthAddress: { type: 'boolean' },
            // Not FIP-11's: the frame's, so that only it completes the login (an app's channel has none and gives no login).
            completionHash: BASE64URL_32,
          },
        },
      },
    },
    async (request, reply) => {
      const { nonce, acceptAuthAddress: _custodyOnly, completionHash, ...wanted } = request.body;
      if (!acceptedSite(services, wanted)) throw new ApiError(400, FARCASTER_ERRORS.siteNotAccepted(wanted.domain));
      // As a social login's start: a browser page of the site cannot open a login channel of its own.
      const origin = request.headers.origin;
      if (completionHash !== undefined && (typeof origin !== 'string' || !login.frameOrigins.includes(origin))) throw new ApiError(403, FARCASTER_ERRORS.notFromFrame);
      // FIP-11 lets an app choose its nonce; a login channel's is the server's alone (the frame sends none): else
      // whoever reads a signed channel's status (its link is the site's) could open one for the same nonce, answer
      // it with that message (with the relay key) and complete it with a secret of his own, as the visitor.
      if (completionHash !== undefined && nonce !== undefined) throw new ApiError(400, FARCASTER_ERRORS.nonceFromFrameOnly, 'nonce');
      const opened = await channels.open(wanted, Date.now(), nonce, completionHash);
      void reply.code(201).header('cache-control', 'no-store');
      return { channelToken: opened.channelToken, nonce: opened.nonce, url: signInUrl(farcaster.connectUrl, opened.channelToken, { nonce: opened.nonce, request: wanted }) };
    },
  );

  app.get(`${FARCASTER_RELAY_PATH}/v1/channel/status`, async (request, reply) => {
    const token = channelToken(request);
    const channel = await channels.find(token, Date.now());
    if (!channel) throw new ApiError(401, FARCASTER_ERRORS.noChannel);
    void reply.code(channel.answer ? 200 : 202).header('cache-control', 'no-store');
    return statusBody(farcaster.connectUrl, token, channel);
  });

  app.post<{ Body: NonNullable<Channel['answer']> & { authMethod?: string } }>(
    `${FARCASTER_RELAY_PATH}/v1/channel/authenticate`,
    {
      config: { rateLimit: loginLimit(login.socialStartsPerIp) },
      schema: {
        body: {
          type: 'object',
          required: ['message', 'signature', 'fid'],
          additionalProperties: false,
          properties: {
            message: { type: 'string', minLength: 1, maxLength: 4096 },
            signature: { type: 'string', pattern: '^0x[0-9a-fA-F]{2,2048}$' },
            fid: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            authMethod: { type: 'string', enum: ['custody', 'authAddress'] },
            username: SHORT,
            bio: SHORT,
            displayName: SHORT,
            pfpUrl: { type: 'string', maxLength: 2048 },
          },
        },
      },
    },
    async (request, reply) => {
      const presented = Buffer.from(String(request.headers['x-farcaster-auth-relay-key'] ?? ''));
      if (presented.length !== relayKey.length || !timingSafeEqual(presented, relayKey)) throw new ApiError(401, FARCASTER_ERRORS.relayKey);
      const token = channelToken(request);
      const { authMethod: _method, ...answer } = request.body;
      const saved = await channels.answer(token, answer, Date.now());
      if (saved === 'unknown') throw new ApiError(401, FARCASTER_ERRORS.noChannel);
      if (saved === 'answered') throw new ApiError(409, FARCASTER_ERRORS.answered);
      // Not read again after the answer: the frame may have completed (closed) the channel by then, or it
      // expired, and the wallet app would get a 500 for an answer that was taken.
      void reply.code(201).header('cache-control', 'no-store');
      return statusBody(farcaster.connectUrl, token, { ...saved.channel, answer });
    },
  );
}

/**
 * The login (in the project's scope, from the frame), in two steps since session 22, each with the
 * channel token and the secret whose hash the frame gave when it opened the channel:
 * POST /auth/v1/farcaster/check once the wallet app answered: the message is checked as any Sign In
 * With Farcaster app checks it (`@farcaster/auth-client`: this channel's nonce and domain, the
 * signature, the signer as the fid's custody address in the ID registry), then the fid's name in the
 * name registry (farcasterName.ts: the registry's signature, this fid, the custody address as owner);
 * the answer is the fid and that name for the frame to show the visitor. The app's own `username`
 * is never used: whoever answers first (login fixation) sends the visitor's.
 * POST /auth/v1/farcaster/complete, the visitor having confirmed: the login, as that fid. POST
 * /auth/v1/farcaster/reject, the visitor saying it is not them: the channel ends and no login is made.
 * The token is in the link the site's page shows, so it alone does nothing; a wrong secret leaves
 * the channel open for the frame that holds the right one.
 */
export function registerFarcasterLogin(app: FastifyInstance, services: ServerServices): void {
  const { login } = services.config;
  const farcaster = login.farcaster;
  if (!farcaster) return;
  const channels = new FarcasterChannelStore(services.db, login.secret);
  const logins = new LoginStore(services.db, login.secret);
  const rpcUrl = services.chains.get(farcaster.chainId)?.config.rpcUrl;
  const verifier = rpcUrl ? createAppClient({ ethereum: viemConnector({ rpcUrl }) }) : undefined;
  const names = rpcUrl ? farcasterNames(farcaster.nameRegistry, createPublicClient({ transport: http(rpcUrl) })) : undefined;
  const route = { config: { rateLimit: loginLimit(login.socialStartsPerIp) }, schema: { body: COMPLETION_BODY } };

  /** The frame's own channel, answered; else the refusal (a wrong secret closes nothing). */
  async function answeredChannel(request: FastifyRequest<{ Body: CompletionBody }>, reply: FastifyReply, now: number) {
    void reply.header('cache-control', 'no-store');
    const { channelToken: token, completionSecret } = request.body;
    const channel = await channels.find(token, now);
    if (!channel) throw new ApiError(404, FARCASTER_ERRORS.noChannel);
    if (completionSecret === undefined || !completesChannel(channel, completionSecret)) throw new ApiError(401, FARCASTER_ERRORS.notThisFrame);
    if (!channel.answer) throw new ApiError(409, FARCASTER_ERRORS.pending);
    if (!acceptedSite(services, channel.request)) throw new ApiError(401, FARCASTER_ERRORS.siteNotAccepted(channel.request.domain));
    return { token, channel: { ...channel, answer: channel.answer } };
  }

  app.post<{ Body: CompletionBody }>('/auth/v1/farcaster/check', route, async (request, reply) => {
    if (!verifier || !names) throw new ApiError(503, FARCASTER_ERRORS.noRegistryChain(farcaster.chainId));
    const { token, channel } = await answeredChannel(request, reply, Date.now());
    const { message, signature, fid, displayName } = channel.answer;
    // Asked again (the frame reloaded its screen): the same check, no second registry call.
    let checked = channel.checked;
    if (!checked) {
      const verified = await verifier.verifySignInMessage({ nonce: channel.nonce, domain: channel.request.domain, message, signature: signature as `0x${string}`, acceptAuthAddress: false });
      if (verified.isError || verified.fid !== fid) {
        await channels.close(token);
        if (!verified.isError) throw new ApiError(401, FARCASTER_ERRORS.otherFid);
        const reason = verified.error?.message ?? 'the message does not verify';
        request.log.warn({ err: reason, fid }, 'farcaster sign-in not verified');
        throw new ApiError(401, FARCASTER_ERRORS.refused(reason));
      }
      let name: FarcasterName;
      try {
        name = await names.nameOf(fid);
      } catch (error) {
        if (!(error instanceof NameRegistryUnavailable)) throw error;
        // The channel stays open: the frame may ask again while it lives.
        throw new ApiError(503, FARCASTER_ERRORS.nameRegistryDown(error.message));
      }
      if (name.status === 'unverified') request.log.warn({ fid, reason: name.reason }, 'farcaster name not verified');
      checked = { fid, name };
      await channels.check(token, checked);
    }
    const { name } = checked;
    return {
      fid: checked.fid,
      username: name.status === 'verified' ? name.username : null,
      name: name.status,
      ...(name.status === 'unverified' ? { nameProblem: name.reason } : {}),
      // The answering app's own words: shown, if at all, as the app's.
      ...(displayName ? { appDisplayName: displayName } : {}),
    };
  });

  app.post<{ Body: CompletionBody }>('/auth/v1/farcaster/complete', route, async (request, reply) => {
    const now = Date.now();
    const { token, channel } = await answeredChannel(request, reply, now);
    if (!channel.checked) throw new ApiError(409, FARCASTER_ERRORS.notChecked);
    if (!(await channels.close(token))) throw new ApiError(404, FARCASTER_ERRORS.noChannel);
    const { fid, name } = channel.checked;
    const user = await logins.userFor('farcaster', String(fid), null, now);
    const loginToken = await logins.createLogin(user.id, 'farcaster', now, login.sessionTtlSeconds * 1000);
    const found = await logins.findLogin(loginToken, now);
    // The user carries a username only when the registry proved it.
    return { token: loginToken, user: { ...found, ...(name.status === 'verified' ? { username: name.username } : {}) }, fid };
  });

  app.post<{ Body: CompletionBody }>('/auth/v1/farcaster/reject', route, async (request, reply) => {
    const { token } = await answeredChannel(request, reply, Date.now());
    await channels.close(token);
    return { ended: true };
  });
}
