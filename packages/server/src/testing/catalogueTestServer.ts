import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { createServer } from '../createServer.ts';

/** The project id the test server accepts (its default, as under `npm start`). */
export const CATALOGUE_PROJECT_ID = 'cairn-local';

export interface CatalogueServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The real Cairn server (packages/server) on a loopback port, with its shipped 616-wallet
 * catalogue plus `extraWallets` (same format as data/wallets.json), no chain and no indexer:
 * the catalogue routes need neither. For core's catalogue tests (through `@cairn/server/testing`);
 * `env` sets more of its configuration (e.g. ANALYTICS_ENABLED).
 */
export async function startCatalogueServer(extraWallets: readonly Record<string, unknown>[] = [], env: Record<string, string> = {}): Promise<CatalogueServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-catalogue-'));
  let extraFile: string | undefined;
  if (extraWallets.length > 0) {
    extraFile = join(dir, 'wallets.json');
    writeFileSync(extraFile, JSON.stringify(extraWallets));
  }
  const app = await createServer(
    loadConfig({
      LOG_LEVEL: 'silent',
      SERVER_PORT: '0',
      DATABASE_URL: 'sqlite::memory:',
      INDEXER_ENABLED: 'false',
      PROJECT_IDS: CATALOGUE_PROJECT_ID,
      ...(extraFile ? { EXTRA_WALLETS_FILE: extraFile } : {}),
      ...env,
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
