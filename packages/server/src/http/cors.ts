import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * CORS (@fastify/cors) for the configured origins ('*' = any). An allowed origin gets its own
 * origin echoed with Vary: Origin; any other gets no CORS headers, so the browser blocks the read.
 * Only a listed origin (not '*') may send credentials: the sign-in cookie and an Authorization
 * header. A preflight from an origin that is not allowed is refused with 403 and a message that
 * says where the setting is (the library alone would answer 404).
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const any = origins.includes('*');
  const listed = new Set(origins);
  const isAllowed = (origin: string | undefined) => origin !== undefined && (any || listed.has(origin));

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS' && !isAllowed(origin)) {
      return reply.code(403).send(errorBody(403, `Origin ${origin ?? '(none)'} is not allowed (see CORS_ORIGINS in the server configuration)`));
    }
  });
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, {
        origin: isAllowed(origin) ? (any && !listed.has(origin!) ? '*' : origin!) : false,
        credentials: origin !== undefined && listed.has(origin),
        methods: ['GET', 'POST', 'OPTIONS'],
        exposedHeaders: ['etag', 'x-request-id', 'retry-after'],
        maxAge: 600,
      });
    },
  });
}
