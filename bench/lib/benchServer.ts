import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { repoRoot } from './paths.ts';
import { stopChild } from './stopChild.ts';

const HOST = '127.0.0.1';
// Variables of the caller's environment that configure the server: none of them reaches it.
const SERVER_SETTINGS = /^(RPC_URL_|CHAIN_PORT_|SERVER_|DATABASE_URL|PROJECT_IDS|SIWX_|INDEXER_|LOG_LEVEL|CORS_|EXTRA_WALLETS|RELAY_|RATE_LIMIT_|NONCE_|TRUST_PROXY|FORCED_REFRESH)/;

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** The settings it was started with (beside its port and database). */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (`node --import tsx packages/server/src/cli.ts`, production),
 * on its own port and a fresh SQLite file, configured only by `settings`; `nodeOptions` go to node
 * before the script (e.g. `--cpu-prof`). `entry` runs another copy of the server's sources (an
 * older commit's, inside the repository so that it resolves the same packages; or a built
 * `dist/cli.js`, run by node without tsx). `preloads` are
 * modules imported after tsx and before the entry (the fast path's floor inside the server).
 */
export function startBenchServer(port: number, databaseFile: string, settings: Record<string, string>, nodeOptions: string[] = [], entry = 'packages/server/src/cli.ts', preloads: string[] = []): BenchServer {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVER_SETTINGS.test(key)));
  // A built entry (dist/*.js, as the published `cairn-server` bin runs) is started by node alone:
  // no tsx loader and the packages' `import` builds, not their sources.
  const loader = entry.endsWith('.js') ? [] : ['--conditions=@cairn/source', '--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeOptions, ...loader, ...preloads.flatMap((module) => ['--import', module]), entry], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'production', SERVER_PORT: String(port), DATABASE_URL: `sqlite:${databaseFile}`, ...settings },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { url: `http://${HOST}:${port}`, child, settings, stop: () => stopChild(child) };
}

/** Polls `check` until it returns a value; fails early if the server exited, or after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, child: ChildProcess | null, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}
