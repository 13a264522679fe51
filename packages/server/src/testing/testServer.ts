import type { FastifyInstance } from 'fastify';
import { loadConfig, type DatabaseConfig, type ServerConfig } from '../config.ts';
import { createServer } from '../createServer.ts';
import { DEVNET_PROJECT_ID } from '../devnetDefaults.ts';

/** The query every data-API and catalogue request carries (SPEC §7). */
export const ACCESS = { projectId: DEVNET_PROJECT_ID, st: 'cairn-test', sv: '0.1.0' } as const;
export const ACCESS_QUERY = new URLSearchParams(ACCESS).toString();

/** A server configured as `npm start` would be, on the given chains and database. */
export function testConfig(database: DatabaseConfig, chains: { chainId: number; rpcUrl: string }[], env: NodeJS.ProcessEnv = {}): ServerConfig {
  return {
    ...loadConfig({
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      INDEXER_POLL_MS: '50',
      // Tests call far faster than a visitor; the rate-limit tests set their own limits.
      RATE_LIMIT_PER_MINUTE: '1000000',
      NONCE_RATE_LIMIT_PER_MINUTE: '1000000',
      NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000',
      EMAIL_CODE_RATE_LIMIT_PER_MINUTE: '1000000',
      EMAIL_CODE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000',
      // Tests force refreshes back to back; the test of the interval sets it.
      FORCED_REFRESH_MS: '0',
      ...Object.fromEntries(chains.map(({ chainId, rpcUrl }) => [`RPC_URL_${chainId}`, rpcUrl])),
      ...env,
    }),
    database,
  };
}

export async function startTestServer(config: ServerConfig): Promise<FastifyInstance> {
  const app = await createServer(config);
  await app.ready();
  return app;
}

/** GET with the access query added to `path` (which may have its own query). */
export function get(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}${ACCESS_QUERY}`, headers });
}
