import type { FastifyInstance } from 'fastify';
import { refuseCrossSite } from '../http/crossSiteRequests.ts';
import { ApiError } from '../http/errors.ts';
import { loginLimit, sharedRateLimit } from '../http/rateLimits.ts';
import type { ServerServices } from '../services.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { checkSignInMessage, siweInstants } from './checkSiweMessage.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './sessionCookie.ts';
import { SessionStore } from './sessionStore.ts';
import { verifierForMessage, verifiers } from './signInVerifiers.ts';

export const SIGNATURE_SCHEMA = {
  type: 'string',
  pattern: '^0x([0-9a-fA-F]{2})*$',
  maxLength: 20_000,
  description: 'a 0x-prefixed hex signature',
} as const;

const unauthorized = (message: string) => new ApiError(401, message);

/** A sign-in's signature in its namespace's encoding (0x hex, base58, ...), which its verifier checks. */
const SIGN_IN_SIGNATURE_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 20_000,
  description: "the message's signature in its namespace's encoding: 0x-prefixed hex (eip155), base58 (solana)",
} as const;

/**
 * Sign-in with a wallet (EIP-4361 for eip155, CAIP-122 for the namespaces with a verifier in
 * signInVerifiers.ts), SPEC §4: GET /auth/v1/nonce, POST /auth/v1/authenticate,
 * GET /auth/v1/me, POST /auth/v1/signout. The session is a random token: an HttpOnly cookie
 * and, for clients on another site, a bearer token; the database keeps only its hash.
 */
export function registerAuth(app: FastifyInstance, services: ServerServices): void {
  const store = new SessionStore(services.db);
  const { siwx, publicUrl } = services.config;
  // CAIP-2 ids of the chains a session may be for, in every namespace that has a verifier.
  const servedNetworks = new Set(verifiers().flatMap((verifier) => [...verifier.servedNetworks(services)]));
  // Sign-in and sign-out set and clear the session cookie: no page of another site may.
  const sameSiteOnly = refuseCrossSite(services.config.corsOrigins);

  // A nonce is a database row: limited per client and for all clients together, so the rows
  // stored at once stay bounded (nonceTotal x NONCE_TTL_SECONDS); expired ones are swept.
  const nonceLimits = {
    config: { rateLimit: loginLimit(services.config.rateLimit.noncePerIp) },
    preHandler: sharedRateLimit(app, 'nonce', services.config.rateLimit.nonceTotal, () => 'all'),
  };
  app.get('/auth/v1/nonce', nonceLimits, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { nonce: await store.issueNonce(Date.now(), siwx.nonceTtlSeconds * 1000) };
  });

  app.post<{ Body: { message: string; signature: string; token?: boolean } }>(
    '/auth/v1/authenticate',
    {
      onRequest: sameSiteOnly,
      schema: {
        body: {
          type: 'object',
          required: ['message', 'signature'],
          additionalProperties: false,
          properties: {
            message: { type: 'string', minLength: 1, maxLength: 32 * 1024, description: 'an EIP-4361 or CAIP-122 message' },
            signature: SIGN_IN_SIGNATURE_SCHEMA,
            projectId: { type: 'string' },
            token: { type: 'boolean', description: 'true to get the session token in the answer (a client on another site, which sends it as a bearer token)' },
          },
        },
      },
    },
    async (request, reply) => {
      const { message, signature, token: wantsToken } = request.body;
      const verifier = verifierForMessage(message);
      verifier.checkSignature(signature);
      const claim = verifier.readMessage(message);
      const now = Date.now();
      const failed = checkSignInMessage(claim, { domains: siwx.domains, origins: siwx.origins, servedNetworks, now });
      if (failed) throw unauthorized(failed);
      const times = siweInstants(claim);
      const nonce = await store.nonceState(claim.nonce, now);
      if (nonce === 'unknown') throw unauthorized(AUTH_ERRORS.nonceUnknownOrUsed);
      if (nonce === 'expired') throw unauthorized(AUTH_ERRORS.nonceExpired);
      const valid = await verifier.verifySignature({ claim, message, signature, services });
      if (!valid) {
        const burnt = await store.recordFailedAttempt(claim.nonce, now);
        throw unauthorized(burnt ? AUTH_ERRORS.tooManyAttempts : AUTH_ERRORS.badSignature);
      }
      // Claimed only now, atomically: of two requests with one message, one wins.
      if (!(await store.consumeNonce(claim.nonce, now))) throw unauthorized(AUTH_ERRORS.nonceUnknownOrUsed);

      const ttlEnd = now + siwx.sessionTtlSeconds * 1000;
      const expiresAt = times.expirationTime === undefined ? ttlEnd : Math.min(ttlEnd, times.expirationTime);
      const { token, session } = await store.createSession(
        {
          address: verifier.addressKey(claim.address),
          caipNetworkId: claim.caipNetworkId,
          domain: claim.domain,
          uri: claim.uri,
          nonce: claim.nonce,
          issuedAt: claim.issuedAt,
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

  app.post('/auth/v1/signout', { onRequest: sameSiteOnly }, async (request, reply) => {
    const token = sessionToken(request, publicUrl);
    if (token) await store.revokeByToken(token, Date.now());
    clearSessionCookie(request, reply, publicUrl);
    return reply.code(204).send();
  });
}
