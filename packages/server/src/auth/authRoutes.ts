import { parseSiweMessage, SiweError, type SiweFields } from '@cairn/core/siwx';
import type { FastifyInstance } from 'fastify';
import type { Address, Hex } from 'viem';
import { ApiError } from '../http/errors.ts';
import { sharedRateLimit } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { checkSiweMessage, siweInstants } from './checkSiweMessage.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './sessionCookie.ts';
import { SessionStore } from './sessionStore.ts';
import { verifySignature } from './verifySignature.ts';

export const SIGNATURE_SCHEMA = {
  type: 'string',
  pattern: '^0x([0-9a-fA-F]{2})*$',
  maxLength: 20_000,
  description: 'a 0x-prefixed hex signature',
} as const;

const unauthorized = (message: string) => new ApiError(401, message);

/**
 * Sign-in with a wallet (EIP-4361), SPEC §4: GET /auth/v1/nonce, POST /auth/v1/authenticate,
 * GET /auth/v1/me, POST /auth/v1/signout. The session is a random token: an HttpOnly cookie
 * and, for clients on another site, a bearer token; the database keeps only its hash.
 */
export function registerAuth(app: FastifyInstance, services: ServerServices): void {
  const store = new SessionStore(services.db);
  const { siwx, publicUrl } = services.config;
  const chainIds = new Set(services.chains.keys());

  // A nonce is a database row: limited per client and for all clients together, so the rows
  // stored at once stay bounded (nonceTotal x NONCE_TTL_SECONDS); expired ones are swept.
  const nonceLimits = {
    config: { rateLimit: { max: services.config.rateLimit.noncePerIp, timeWindow: 60_000 } },
    preHandler: sharedRateLimit(app, 'nonce', services.config.rateLimit.nonceTotal, () => 'all'),
  };
  app.get('/auth/v1/nonce', nonceLimits, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { nonce: await store.issueNonce(Date.now(), siwx.nonceTtlSeconds * 1000) };
  });

  app.post<{ Body: { message: string; signature: Hex; token?: boolean } }>(
    '/auth/v1/authenticate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['message', 'signature'],
          additionalProperties: false,
          properties: {
            message: { type: 'string', minLength: 1, maxLength: 32 * 1024, description: 'an EIP-4361 message' },
            signature: SIGNATURE_SCHEMA,
            projectId: { type: 'string' },
            token: { type: 'boolean', description: 'true to get the session token in the answer (a client on another site, which sends it as a bearer token)' },
          },
        },
      },
    },
    async (request, reply) => {
      const { message, signature, token: wantsToken } = request.body;
      let fields: SiweFields;
      try {
        fields = parseSiweMessage(message);
      } catch (error) {
        if (error instanceof SiweError) throw new ApiError(400, error.message, 'message');
        throw error;
      }
      const now = Date.now();
      const failed = checkSiweMessage(fields, { domains: siwx.domains, origins: siwx.origins, chainIds, now });
      if (failed) throw unauthorized(failed);
      const times = siweInstants(fields);
      const nonce = await store.nonceState(fields.nonce, now);
      if (nonce === 'unknown') throw unauthorized(AUTH_ERRORS.nonceUnknownOrUsed);
      if (nonce === 'expired') throw unauthorized(AUTH_ERRORS.nonceExpired);
      const chain = services.chains.get(fields.chainId)!;
      const valid = await verifySignature({ address: fields.address as Address, message, signature, chain });
      if (!valid) {
        const burnt = await store.recordFailedAttempt(fields.nonce, now);
        throw unauthorized(burnt ? AUTH_ERRORS.tooManyAttempts : AUTH_ERRORS.badSignature);
      }
      // Claimed only now, atomically: of two requests with one message, one wins.
      if (!(await store.consumeNonce(fields.nonce, now))) throw unauthorized(AUTH_ERRORS.nonceUnknownOrUsed);

      const ttlEnd = now + siwx.sessionTtlSeconds * 1000;
      const expiresAt = times.expirationTime === undefined ? ttlEnd : Math.min(ttlEnd, times.expirationTime);
      const { token, session } = await store.createSession(
        {
          address: fields.address as Address,
          chainId: fields.chainId,
          domain: fields.domain,
          uri: fields.uri,
          nonce: fields.nonce,
          issuedAt: fields.issuedAt,
          expiresAt,
          message,
          signature,
        },
        now,
      );
      setSessionCookie(request, reply, token, (expiresAt - now) / 1000, publicUrl);
      void reply.header('cache-control', 'no-store');
      // The cookie is the session for a page on the same site; the token travels only to a client
      // that asks for it, so it is not left where any script of the page could read it.
      return { session: wantsToken === true ? { token, ...session } : session };
    },
  );

  app.get('/auth/v1/me', async (request, reply) => {
    const token = sessionToken(request, publicUrl);
    if (!token) throw unauthorized(AUTH_ERRORS.noSession);
    const session = await store.findByToken(token, Date.now());
    if (!session) throw unauthorized(AUTH_ERRORS.sessionEnded);
    void reply.header('cache-control', 'no-store');
    return { session };
  });

  app.post('/auth/v1/signout', async (request, reply) => {
    const token = sessionToken(request, publicUrl);
    if (token) await store.revokeByToken(token, Date.now());
    clearSessionCookie(request, reply, publicUrl);
    return reply.code(204).send();
  });
}
