import type { FastifyInstance } from 'fastify';
import { rpcChainIds } from '../rpc/rpcChains.ts';
import type { ServerServices } from '../services.ts';

/**
 * GET /v1/supported-chains: the chains the RPC proxy (POST /v1/?chainId=) serves, as CAIP-2 ids:
 * over HTTP every configured eip155, Solana and Polkadot chain; over WebSocket none (no
 * subscriptions are proxied yet).
 */
export function registerSupportedChains(app: FastifyInstance, services: ServerServices): void {
  const http = rpcChainIds(services.config);
  app.get('/v1/supported-chains', async () => ({ http, ws: [] as string[] }));
}
