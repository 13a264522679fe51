import type { FastifyInstance } from 'fastify';
import { originPolicy } from '../http/cors.ts';
import type { ServerServices } from '../services.ts';

/**
 * GET /v1/origin: whether this server lets the asking page's origin read its answers
 * (CORS_ORIGINS). Any page may read this one answer (and its refusals), so a widget whose calls
 * the browser blocked can tell the site's developer why (SPEC §8 'Invalid App Configuration')
 * instead of guessing at a network failure. It says nothing the page could not learn by trying.
 */
export function registerOriginCheck(app: FastifyInstance, services: ServerServices): void {
  const { isAllowed } = originPolicy(services.config.corsOrigins);
  app.get(
    '/v1/origin',
    {
      onRequest: async (_request, reply) => {
        if (!reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
      },
    },
    async (request) => {
      const origin = request.headers.origin;
      return { origin: origin ?? null, originAllowed: origin === undefined || isAllowed(origin) };
    },
  );
}
