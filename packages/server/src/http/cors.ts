import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** Which origins CORS_ORIGINS lets read answers ('*' = any), and which may also send credentials (only listed ones). */
export function originPolicy(origins: readonly string[]) {
  const any = origins.includes('*');
  const listed = new Set(origins);
  return {
    any,
    isAllowed: (origin: string | undefined): origin is string => origin !== undefined && (any || listed.has(origin)),
    mayUseCredentials: (origin: string | undefined) => origin !== undefined && listed.has(origin),
  };
}

/**
 * CORS (@fastify/cors) for the configured origins ('*' = any). An allowed origin gets its own
 * origin echoed with Vary: Origin; any other gets no CORS headers, so the browser blocks the read.
 * Only a listed origin (not '*') may send credentials: the sign-in cookie and an Authorization
 * header. A preflight from an origin that is not allowed is refused with 403 and a message that
 * says where the setting is (the library alone would answer 404).
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const { isAllowed, mayUseCredentials } = originPolicy(origins);

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS' && !isAllowed(origin)) {
      void reply.code(403).send(errorBody(403, `Origin ${origin ?? '(none)'} is not allowed (see CORS_ORIGINS in the server configuration)`));
      return;
    }
    if (mayUseCredentials(origin)) void reply.header('access-control-allow-credentials', 'true');
    done();
  });
  // Static options with an origin function: the library resolves only the origin per request (its
  // delegator form rebuilds and re-normalizes every option on every request: a cost on the fast path).
  await app.register(cors, {
    origin: (origin, callback) => callback(null, isAllowed(origin) ? (mayUseCredentials(origin) ? origin : '*') : false),
    methods: ['GET', 'POST', 'OPTIONS'],
    // x-ratelimit-*: All Wallets paces its pages by the budget they report (issue 29).
    exposedHeaders: ['etag', 'x-request-id', 'retry-after', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  });
}
