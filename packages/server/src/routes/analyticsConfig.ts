import { CAIRN_EVENT_NAMES } from '@cairn/core';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';

/** Events one request may carry (the widget sends them in small batches). */
export const ANALYTICS_EVENTS_PER_REQUEST = 50;
export const ANALYTICS_DISABLED_TEXT = 'Analytics is not enabled on this server (ANALYTICS_ENABLED)';

type Body = { events: { event: string; properties: Record<string, string | number | boolean>; timestamp: number }[] };

/**
 * GET /getAnalyticsConfig: whether the widget should send analytics events (ANALYTICS_ENABLED).
 * POST /analytics/events: the widget's events, written to the server's log (one line per batch,
 * under `analytics`), so they go where the operator's logs go; nothing is kept on a replica.
 */
export function registerAnalyticsConfig(app: FastifyInstance, services: ServerServices): void {
  app.get('/getAnalyticsConfig', async () => ({ isAnalyticsEnabled: services.config.analyticsEnabled }));
  app.post<{ Body: Body }>(
    '/analytics/events',
    {
      schema: {
        body: {
          type: 'object',
          required: ['events'],
          additionalProperties: false,
          properties: {
            events: {
              type: 'array',
              minItems: 1,
              maxItems: ANALYTICS_EVENTS_PER_REQUEST,
              description: `a list of 1 to ${ANALYTICS_EVENTS_PER_REQUEST} events`,
              items: {
                type: 'object',
                required: ['event', 'properties', 'timestamp'],
                additionalProperties: false,
                properties: {
                  event: { type: 'string', enum: [...CAIRN_EVENT_NAMES], description: `one of ${CAIRN_EVENT_NAMES.join(', ')}` },
                  properties: {
                    type: 'object',
                    maxProperties: 20,
                    propertyNames: { maxLength: 64 },
                    additionalProperties: { anyOf: [{ type: 'string', maxLength: 256 }, { type: 'number' }, { type: 'boolean' }] },
                    description: 'an object of at most 20 short strings, numbers or booleans',
                  },
                  timestamp: { type: 'integer', minimum: 0, description: 'milliseconds since 1970' },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      if (!services.config.analyticsEnabled) throw new ApiError(404, ANALYTICS_DISABLED_TEXT);
      const { projectId } = request.query as { projectId?: string };
      request.log.info({ analytics: { projectId, events: request.body.events } }, 'analytics events');
      return { accepted: request.body.events.length };
    },
  );
}
