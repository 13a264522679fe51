import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../services.ts';

/** GET /getAnalyticsConfig: whether the widget should send analytics events (ANALYTICS_ENABLED). */
export function registerAnalyticsConfig(app: FastifyInstance, services: ServerServices): void {
  app.get('/getAnalyticsConfig', async () => ({ isAnalyticsEnabled: services.config.analyticsEnabled }));
}
