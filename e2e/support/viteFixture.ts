import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { createServer as createViteServer, type ViteDevServer } from 'vite';

export interface ViteFixture {
  url: string;
  vite: ViteDevServer;
  close(): Promise<void>;
}

/**
 * Serves a page of e2e/fixtures/ with Vite's dev server on 127.0.0.1, as a site's own build
 * would: Cairn's packages resolve through their package.json "exports" into dist/. `handle` may
 * answer a request itself (server rendering); everything else goes to Vite.
 */
export async function serveViteFixture(
  name: string,
  options: {
    prebundle: string[];
    appType?: 'spa' | 'custom';
    /** Module names resolved to other installed packages, as a site that installed another major would have them. */
    alias?: Record<string, string>;
    handle?(request: IncomingMessage, response: ServerResponse, vite: ViteDevServer): boolean;
  },
): Promise<ViteFixture> {
  const cacheDir = mkdtempSync(join(tmpdir(), `cairn-${name}-vite-`));
  const vite = await createViteServer({
    root: join(import.meta.dirname, '..', 'fixtures', name),
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    appType: options.appType ?? 'spa',
    plugins: [react()],
    resolve: { alias: options.alias ?? {} },
    cacheDir,
    server: { middlewareMode: true, hmr: false, ws: false },
    // Bundled before the page loads, so that no late discovery reloads it mid-test.
    optimizeDeps: { include: options.prebundle },
  });
  const server = createHttpServer((request, response) => {
    if (!options.handle?.(request, response, vite)) vite.middlewares(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    vite,
    async close() {
      server.close();
      await vite.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

/** Page errors other than the one Vite's dev client raises with its websocket off in this harness. */
export const pageErrorsBesidesVite = (errors: readonly string[]) => errors.filter((message) => message !== 'WebSocket closed without opened.');

/**
 * Loads the site once in a page of its own until `ready`, before the tests: a dev server's first page
 * load waits for its dependency bundling and transforms every module (ssrHydration's first test
 * failed on page.goto's 30 s at load 15 in CI, where its second, on the warm server, took 8.5 s).
 * Resolves with the seconds the cold load took; the tests then measure the page, not the cold start.
 */
export async function warmUp(site: ViteFixture, browser: Browser, ready: (page: Page) => Promise<unknown>, timeout = 180_000): Promise<number> {
  const started = performance.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeout);
    await page.goto(site.url, { timeout });
    await ready(page);
  } finally {
    await context.close();
  }
  return (performance.now() - started) / 1000;
}
