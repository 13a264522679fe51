import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../services.ts';

/** GET /v1/supported-chains: the configured chains as CAIP-2 ids (no websocket RPC is served). */
export function registerSupportedChains(app: FastifyInstance, services: ServerServices): void {
  app.get('/v1/supported-chains', async () => ({ http: [...services.chains.values()].map((chain) => chain.caip2), ws: [] as string[] }));
}
