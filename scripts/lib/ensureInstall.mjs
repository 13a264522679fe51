import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { keepCompiledBinary } from './nativeBuildCache.mjs';
import { runLoggedOrExit } from './run.mjs';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Where the set-up steps and the local stack's parts write their own output. */
export const logDir = join(root, '.data', 'logs');

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Installs npm packages when node_modules is missing or older than the lockfile. */
export async function ensureNpmPackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  const logFile = join(logDir, 'npm-install.log');
  console.log(`Installing npm packages (output in ${relative(root, logFile)})…`);
  const started = performance.now();
  await runLoggedOrExit('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, logFile });
  console.log(`npm packages: installed in ${seconds(started)}`);
  if (keepCompiledBinary(join(root, 'node_modules', 'better-sqlite3'), 'build/Release/better_sqlite3.node')) {
    console.log('better-sqlite3: compiled from source; kept in npm\'s cache for the next clean install');
  }
}

/** Compiles the devnet contracts (cached by source hash) and bundles the test wallets: prints one line. */
export async function ensureDevnetBuild() {
  // The compiler's warnings (about the contracts, not the visitor's set-up) go to the log: issue 28's clean screen.
  const logFile = join(logDir, 'devnet-build.log');
  await runLoggedOrExit('node', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/build.ts'], { cwd: root, logFile, stdoutOnScreen: true });
}
