import type { FastifyInstance } from 'fastify';
import { databaseIsUp } from '../db/database.ts';
import type { ServerServices } from '../services.ts';

/**
 * GET /health: the database and, per chain, the node's head, the highest indexed block and whether
 * the indexer is following the chain ('following'), failing to reach it ('failing') or off.
 * 503 when the database is down (this copy cannot serve); 200 "degraded" when a chain is
 * unreachable (the rest still works). Open to all: no projectId.
 */
export function registerHealth(app: FastifyInstance, services: ServerServices): void {
  // One check per HEALTH_CACHE_MS, however many ask: each check calls every chain's node.
  let last: { at: number; report: Promise<HealthReport> } | undefined;
  app.get('/health', async (_request, reply) => {
    const now = Date.now();
    if (!last || now - last.at >= HEALTH_CACHE_MS) last = { at: now, report: checkHealth(services) };
    const report = await last.report;
    void reply.header('cache-control', `max-age=${HEALTH_CACHE_MS / 1000}`);
    return reply.code(report.database === 'ok' ? 200 : 503).send(report);
  });
}

/** How long one health check answers for. */
export const HEALTH_CACHE_MS = 1000;

type HealthReport = { status: 'ok' | 'degraded' | 'unavailable'; database: 'ok' | 'unavailable'; chains: unknown[] };

async function checkHealth(services: ServerServices): Promise<HealthReport> {
  const [database, chains] = await Promise.all([
    databaseIsUp(services.db),
    Promise.all(
      [...services.chains.values()].map(async (chain) => {
        const head = await chain.rpc.call<string>('eth_blockNumber').then((hex) => Number(BigInt(hex)), () => null);
        const indexer = services.indexer.status(chain.config.chainId);
        // The indexer's error text stays in the logs: it may carry the RPC URL, and an RPC URL may carry a key.
        const indexing = !services.config.indexer.enabled ? 'off' : indexer?.lastError ? 'failing' : 'following';
        return { chainId: chain.caip2, head, indexedBlock: indexer?.indexedBlock ?? null, indexer: indexing };
      }),
    ),
  ]);
  const status = !database ? 'unavailable' : chains.every((chain) => chain.head !== null) ? 'ok' : 'degraded';
  return { status, database: database ? 'ok' : 'unavailable', chains };
}
