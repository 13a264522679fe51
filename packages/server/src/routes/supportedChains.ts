import type { FastifyInstance } from 'fastify';
import { rpcChainIds } from '../rpc/rpcChains.ts';
import type { ServerServices } from '../services.ts';

/**
 * GET /v1/supported-chains: the chains the RPC proxy (/v1/?chainId=) serves, as CAIP-2 ids: over
 * HTTP every configured eip155, Solana and Polkadot chain; over WebSocket those with a node
 * websocket (RPC_WS_URL_*).
 */
export function registerSupportedChains(app: FastifyInstance, services: ServerServices): void {
  const served = rpcChainIds(services.config);
  app.get('/v1/supported-chains', async () => served);
}
