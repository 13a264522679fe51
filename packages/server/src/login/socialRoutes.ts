import { isSocialLoginProvider, SOCIAL_CALLBACK_PARAMS, type SocialCallback } from '@cairn/core/internal';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { loginLimit, sharedRateLimit } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { SOCIAL_ERRORS } from './loginErrors.ts';
import { LoginStore } from './loginStore.ts';
import { browserKeyOf, isSameSiteRequest, newBrowserKey, setBrowserKeyCookie } from './socialBrowserKey.ts';
import { CALLBACK_PAGE_TEXT, callbackPage } from './socialCallbackPage.ts';
import { SocialClient } from './socialClient.ts';
import { SOCIAL_FLOW_TTL_MS, SocialFlowStore } from './socialFlowStore.ts';

const FLOW_ID = { type: 'string', format: 'uuid', description: 'the flow id from start' } as const;
const FLOW_SECRET = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', description: 'the flow secret from start' } as const;
/** The provider's answer as the callback page handed it to the frame (core's SOCIAL_CALLBACK_PARAMS). */
const CALLBACK = {
  type: 'object',
  required: ['state'],
  additionalProperties: false,
  properties: Object.fromEntries(Object.entries(SOCIAL_CALLBACK_PARAMS).map(([key, maxLength]) => [key, { type: 'string', minLength: 1, maxLength }])),
  description: "the provider's answer (state, and code or error) from the callback page",
} as const;

function socialClients(services: ServerServices): Map<string, SocialClient> {
  const { social, socialCallbackUrl } = services.config.login;
  return new Map(social.map((provider) => [provider.id, new SocialClient(provider, socialCallbackUrl)]));
}

/**
 * Social login (issue 14; SPEC §5), finished only by the frame that started it (issue 22):
 * POST /auth/v1/social/{provider}/start, from the secure frame's origin (FRAME_ORIGINS), gives the
 * provider URL for the popup and a flow secret, and (same-site frames) sets the browser key cookie;
 * POST /auth/v1/social/bind binds the flow to that cookie if the browser kept it; the provider sends
 * the visitor to GET /auth/v1/social/callback (registered outside the project check: providers call
 * it without one), a page that hands the answer to the frame's origin only; POST
 * /auth/v1/social/complete, with the flow secret, the answer (and the cookie, once bound), exchanges
 * the code and hands over the login in the same response, once.
 */
export function registerSocial(app: FastifyInstance, services: ServerServices, clients = socialClients(services)): void {
  const { login, publicUrl } = services.config;
  const flows = new SocialFlowStore(services.db, login.secret);
  const logins = new LoginStore(services.db, login.secret);
  const callbackOrigin = new URL(login.socialCallbackUrl).origin;

  app.post<{ Params: { provider: string } }>(
    '/auth/v1/social/:provider/start',
    {
      config: { rateLimit: loginLimit(login.socialStartsPerIp) },
      preHandler: sharedRateLimit(app, 'social-start', login.socialStartsTotal, () => 'all'),
      schema: { params: { type: 'object', properties: { provider: { type: 'string', maxLength: 40 } } } },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isSocialLoginProvider(provider)) throw new ApiError(400, SOCIAL_ERRORS.unsupported(provider), 'provider');
      const client = clients.get(provider);
      if (!client) throw new ApiError(404, SOCIAL_ERRORS.notSetUp(provider));
      const frameOrigin = request.headers.origin;
      if (typeof frameOrigin !== 'string' || !login.frameOrigins.includes(frameOrigin)) throw new ApiError(403, SOCIAL_ERRORS.notFromFrame);
      // A browser that already holds a key keeps it: two logins at once in one browser share it.
      const browserKey = isSameSiteRequest(request.headers) ? (browserKeyOf(request, publicUrl) ?? newBrowserKey()) : undefined;
      const flow = await flows.start({ provider, frameOrigin, browserKey }, Date.now());
      let authorizeUrl: string;
      try {
        authorizeUrl = await client.authorizeUrl(flow.secrets);
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error), provider }, 'social provider unreachable');
        throw new ApiError(502, SOCIAL_ERRORS.providerDown);
      }
      if (browserKey) setBrowserKeyCookie(request, reply, browserKey, publicUrl);
      void reply.header('cache-control', 'no-store');
      return { flowId: flow.id, flowSecret: flow.flowSecret, authorizeUrl, callbackOrigin, expiresInSeconds: SOCIAL_FLOW_TTL_MS / 1000 };
    },
  );

  app.post<{ Body: { flowId: string; flowSecret: string } }>(
    '/auth/v1/social/bind',
    { schema: { body: { type: 'object', required: ['flowId', 'flowSecret'], additionalProperties: false, properties: { flowId: FLOW_ID, flowSecret: FLOW_SECRET, projectId: { type: 'string' } } } } },
    async (request, reply) => {
      const bound = await flows.bindBrowser(request.body.flowId, request.body.flowSecret, browserKeyOf(request, publicUrl), Date.now());
      if (bound === 'unknown') throw new ApiError(404, SOCIAL_ERRORS.unknownFlow);
      void reply.header('cache-control', 'no-store');
      return { bound: bound === 'bound' };
    },
  );

  app.post<{ Body: { flowId: string; flowSecret: string; callback: SocialCallback } }>(
    '/auth/v1/social/complete',
    {
      schema: {
        body: {
          type: 'object',
          required: ['flowId', 'flowSecret', 'callback'],
          additionalProperties: false,
          properties: { flowId: FLOW_ID, flowSecret: FLOW_SECRET, callback: CALLBACK, projectId: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const { flowId, flowSecret, callback } = request.body;
      void reply.header('cache-control', 'no-store');
      const claim = await flows.claim(flowId, { flowSecret, state: callback.state, browserKey: browserKeyOf(request, publicUrl) }, now);
      if (claim.kind === 'unknown') throw new ApiError(404, SOCIAL_ERRORS.unknownFlow);
      if (claim.kind === 'otherBrowser') throw new ApiError(403, SOCIAL_ERRORS.otherBrowser);
      if (claim.kind === 'otherState') throw new ApiError(400, SOCIAL_ERRORS.otherState, 'callback.state');
      if (callback.error !== undefined) {
        const reason = callback.error.replace(/[^\w.-]/g, '').slice(0, 60) || 'error';
        throw new ApiError(401, SOCIAL_ERRORS.denied(reason));
      }
      const client = clients.get(claim.provider);
      let userId: string;
      try {
        if (!client) throw new Error('provider no longer configured');
        const identity = await client.identify(new URLSearchParams(Object.entries(callback).filter((entry): entry is [string, string] => typeof entry[1] === 'string')), claim.secrets);
        userId = (await logins.userFor(claim.provider, identity.subject, identity.verifiedEmail, now)).id;
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error), provider: claim.provider }, 'social login not verified');
        throw new ApiError(401, SOCIAL_ERRORS.unverified);
      }
      const token = await logins.createLogin(userId, claim.provider, now, login.sessionTtlSeconds * 1000);
      return { token, user: await logins.findLogin(token, now) };
    },
  );
}

/** The provider's redirect (outside the project check): a page that hands the answer to the frame that started the flow. */
export function registerSocialCallback(app: FastifyInstance, services: ServerServices): void {
  const flows = new SocialFlowStore(services.db, services.config.login.secret);

  app.get<{ Querystring: { state: string } }>(
    '/auth/v1/social/callback',
    { schema: { querystring: { type: 'object', required: ['state'], properties: { state: { type: 'string', minLength: 1, maxLength: 200 } } } } },
    async (request, reply) => {
      const frameOrigin = await flows.frameOriginOf(request.query.state, Date.now());
      if (!frameOrigin) return callbackPage(reply, { status: 400, title: 'Login expired', text: 'This login has expired or is unknown: start again from the site.' });
      return callbackPage(reply, { status: 200, title: 'Logging in', text: CALLBACK_PAGE_TEXT.handingOff, frameOrigin });
    },
  );
}
