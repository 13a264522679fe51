import { isSocialLoginProvider } from '@cairn/core/internal';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { sharedRateLimit } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { SOCIAL_ERRORS } from './loginErrors.ts';
import { LoginStore } from './loginStore.ts';
import { SocialClient } from './socialClient.ts';
import { SOCIAL_FLOW_TTL_MS, SocialFlowStore } from './socialFlowStore.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page the provider's redirect lands on, in the popup: text only, no script. */
function callbackPage(reply: FastifyReply, status: number, title: string, text: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui;margin:3rem auto;max-width:28rem;text-align:center}</style><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

function socialClients(services: ServerServices): Map<string, SocialClient> {
  const { social, socialCallbackUrl } = services.config.login;
  return new Map(social.map((provider) => [provider.id, new SocialClient(provider, socialCallbackUrl)]));
}

/**
 * Social login (issue 14; SPEC §5): POST /auth/v1/social/{provider}/start gives the popup's
 * provider URL and a flow secret; the provider sends the visitor back to GET /auth/v1/social/callback
 * (registered outside the project check: providers call it without one), where the server
 * exchanges the code; POST /auth/v1/social/complete hands the login to the holder of the secret.
 */
export function registerSocial(app: FastifyInstance, services: ServerServices, clients = socialClients(services)): void {
  const { login } = services.config;
  const flows = new SocialFlowStore(services.db, login.secret);
  const logins = new LoginStore(services.db, login.secret);

  app.post<{ Params: { provider: string } }>(
    '/auth/v1/social/:provider/start',
    {
      config: { rateLimit: { max: login.socialStartsPerIp, timeWindow: 60_000 } },
      preHandler: sharedRateLimit(app, 'social-start', login.socialStartsTotal, () => 'all'),
      schema: { params: { type: 'object', properties: { provider: { type: 'string', maxLength: 40 } } } },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isSocialLoginProvider(provider)) throw new ApiError(400, SOCIAL_ERRORS.unsupported(provider), 'provider');
      const client = clients.get(provider);
      if (!client) throw new ApiError(404, SOCIAL_ERRORS.notSetUp(provider));
      const flow = await flows.start(provider, Date.now());
      let authorizeUrl: string;
      try {
        authorizeUrl = await client.authorizeUrl(flow.secrets);
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error), provider }, 'social provider unreachable');
        throw new ApiError(502, SOCIAL_ERRORS.providerDown);
      }
      void reply.header('cache-control', 'no-store');
      return { flowId: flow.id, flowSecret: flow.flowSecret, authorizeUrl, expiresInSeconds: SOCIAL_FLOW_TTL_MS / 1000 };
    },
  );

  app.post<{ Body: { flowId: string; flowSecret: string } }>(
    '/auth/v1/social/complete',
    {
      schema: {
        body: {
          type: 'object',
          required: ['flowId', 'flowSecret'],
          additionalProperties: false,
          properties: {
            flowId: { type: 'string', format: 'uuid', description: 'the flow id from start' },
            flowSecret: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', description: 'the flow secret from start' },
            projectId: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const state = await flows.collect(request.body.flowId, request.body.flowSecret, now);
      void reply.header('cache-control', 'no-store');
      if (state.kind === 'unknown') throw new ApiError(404, SOCIAL_ERRORS.unknownFlow);
      if (state.kind === 'failed') throw new ApiError(401, state.error);
      if (state.kind === 'pending') return reply.code(202).send({ status: 'pending' });
      const token = await logins.createLogin(state.userId, state.provider, now, login.sessionTtlSeconds * 1000);
      return { status: 'done', token, user: await logins.findLogin(token, now) };
    },
  );
}

/** The provider's redirect (outside the project check). */
export function registerSocialCallback(app: FastifyInstance, services: ServerServices, clients = socialClients(services)): void {
  const flows = new SocialFlowStore(services.db, services.config.login.secret);
  const logins = new LoginStore(services.db, services.config.login.secret);

  app.get<{ Querystring: { state: string } & Record<string, string> }>(
    '/auth/v1/social/callback',
    { schema: { querystring: { type: 'object', required: ['state'], properties: { state: { type: 'string', minLength: 1, maxLength: 200 } } } } },
    async (request, reply) => {
      const now = Date.now();
      const flow = await flows.byState(request.query.state, now);
      if (!flow) return callbackPage(reply, 400, 'Login expired', 'This login has expired or is unknown: start again from the site.');
      const client = clients.get(flow.provider);
      const callback = new URLSearchParams(Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      if (callback.has('error')) {
        const reason = (callback.get('error') ?? '').replace(/[^\w.-]/g, '').slice(0, 60) || 'error';
        await flows.finish(flow.id, { error: SOCIAL_ERRORS.denied(reason) });
        return callbackPage(reply, 200, 'Login cancelled', 'You can close this window and try again on the site.');
      }
      try {
        if (!client) throw new Error('provider no longer configured');
        const identity = await client.identify(callback, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
        const user = await logins.userFor(flow.provider, identity.subject, identity.verifiedEmail, now);
        await flows.finish(flow.id, { userId: user.id });
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error), provider: flow.provider }, 'social login not verified');
        await flows.finish(flow.id, { error: SOCIAL_ERRORS.unverified });
        return callbackPage(reply, 401, 'Login failed', "The provider's answer could not be verified. Close this window and try again.");
      }
      return callbackPage(reply, 200, 'Logged in', 'You are logged in. You can close this window and go back to the site.');
    },
  );
}
