import { ensureRedis, startRedis, type PrivateRedis } from '../../../../scripts/lib/ensureRedis.mjs';

export type TestRedis = PrivateRedis & {
  /** Kills it and starts an empty one on the same port (a Redis restarted without persistence). */
  restart(): Promise<void>;
  /** After stop(): starts an empty one on the same port again (an outage's end). */
  start(): Promise<void>;
};

/**
 * A private redis-server for one test file, on a free 127.0.0.1 port, in memory only. `npm test`
 * installs redis-server (scripts/lib/ensureRedis.mjs); resolves { skipped } when it is not
 * installed here (never in CI, where ensureRedis throws).
 */
export async function startTestRedis(): Promise<TestRedis | { skipped: string }> {
  const found = await ensureRedis({ install: false });
  if (found.skipped !== undefined) {
    console.warn(`Skipping the Redis tests: ${found.skipped}`);
    return { skipped: found.skipped };
  }
  let current = await startRedis({ binary: found.binary });
  const port = current.port;
  return {
    url: current.url,
    port,
    stop: () => current.stop(),
    async restart() {
      await current.stop();
      current = await startRedis({ binary: found.binary, port });
    },
    async start() {
      current = await startRedis({ binary: found.binary, port });
    },
  };
}
