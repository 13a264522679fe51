import type { FastifyInstance } from 'fastify';
import { databaseIsUp } from '../db/database.ts';
import type { ServerServices } from '../services.ts';
import { latestReport } from './latestReport.ts';

/**
 * GET /health: the database and, per chain, the node's head, the highest indexed block and whether
 * the indexer is following the chain ('following'), failing to reach it ('failing') or off, and
 * whether this copy is the one indexing it (`leading`: it holds the chain's lease).
 * 503 when the database is down (this copy cannot serve); 200 "degraded" when a chain is
 * unreachable (the rest still works). Open to all: no projectId.
 */
export function registerHealth(app: FastifyInstance, services: ServerServices): void {
  // One check per HEALTH_CACHE_MS, however many ask: each check calls every chain's node.
  const latest = latestReport(() => checkHealth(services), { maxAgeMs: HEALTH_CACHE_MS, waitMs: HEALTH_WAIT_MS });
  app.get('/health', async (_request, reply) => {
    const report = await latest();
    void reply.header('cache-control', `max-age=${HEALTH_CACHE_MS / 1000}`);
    return reply.code(report.database === 'ok' ? 200 : 503).send(report);
  });
}

/** How long one health check answers for. */
export const HEALTH_CACHE_MS = 1000;
/**
 * How long an answer waits for a check in progress before it takes the last one: well within a
 * load balancer's check timeout (the cluster's HAProxy gives 3 s), which a check waiting for one
 * of a busy pool's connections went past under load, and a replica that served was taken out.
 */
export const HEALTH_WAIT_MS = 1000;
/** A database that has not answered `select 1` within this long is reported unavailable (the pool's wait for a connection is not bounded otherwise). */
export const DATABASE_PROBE_MS = 5000;

type HealthReport = { status: 'ok' | 'degraded' | 'unavailable'; database: 'ok' | 'unavailable'; chains: unknown[] };

async function checkHealth(services: ServerServices): Promise<HealthReport> {
  const [database, chains] = await Promise.all([
    withinTime(databaseIsUp(services.db), DATABASE_PROBE_MS, false),
    Promise.all(
      [...services.chains.values()].map(async (chain) => {
        const head = await chain.rpc.call<string>('eth_blockNumber').then((hex) => Number(BigInt(hex)), () => null);
        const indexer = services.indexer.status(chain.config.chainId);
        // The indexer's error text stays in the logs: it may carry the RPC URL, and an RPC URL may carry a key.
        const indexing = !services.config.indexer.enabled ? 'off' : indexer?.lastError ? 'failing' : 'following';
        // leading: this replica holds the chain's indexer lease (one replica at a time indexes it).
        return { chainId: chain.caip2, head, indexedBlock: indexer?.indexedBlock ?? null, indexer: indexing, leading: indexer?.leading ?? false };
      }),
    ),
  ]);
  const status = !database ? 'unavailable' : chains.every((chain) => chain.head !== null) ? 'ok' : 'degraded';
  return { status, database: database ? 'ok' : 'unavailable', chains };
}

/** `promise`'s value, or `otherwise` if it has not come within `ms`. */
function withinTime<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
