import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * CORS for the configured origins ('*' = any). An allowed origin gets its own origin echoed (with
 * Vary: Origin, so caches keep origins apart); any other gets no CORS headers, so the browser
 * blocks the read. Preflights of a disallowed origin are refused with 403 and a message.
 * A listed origin (not '*') may send credentials: the sign-in cookie and an Authorization header.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const isAllowed = (origin: string) => any || allowed.has(origin);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin && isAllowed(origin)) {
      reply.header('access-control-allow-origin', any ? '*' : origin);
      if (allowed.has(origin)) reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', 'etag, x-request-id, retry-after');
    }
  });

  app.options('/*', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !isAllowed(origin)) {
      return reply.code(403).send(errorBody(403, `Origin ${origin ?? '(none)'} is not allowed (see CORS_ORIGINS in the server configuration)`));
    }
    const requestedHeaders = request.headers['access-control-request-headers'];
    if (allowed.has(origin)) void reply.header('access-control-allow-credentials', 'true');
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', typeof requestedHeaders === 'string' && requestedHeaders.length < 1000 ? requestedHeaders : 'content-type, authorization')
      .header('access-control-max-age', '600')
      .send();
  });
}
