import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { keepInstall, linkKeptInstall } from './keptInstall.mjs';
import { keepCompiledBinary } from './nativeBuildCache.mjs';
import { machineCacheDir } from './onDemand.mjs';
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
  const started = performance.now();
  // A fresh clone of a lockfile this machine installed before: its kept tree (scripts/lib/keptInstall.mjs).
  // CAIRN_KEPT_INSTALL=off installs as a newcomer's first clone does (the first-run test times that).
  const useKept = process.env.CAIRN_KEPT_INSTALL !== 'off';
  const fromNothing = !existsSync(join(root, 'node_modules'));
  if (useKept && fromNothing && linkKeptInstall(root, machineCacheDir())) {
    console.log(`npm packages: linked this machine's install of the same lockfile in ${seconds(started)} (~/.cache/cairn/root-install)`);
    return;
  }
  const logFile = join(logDir, 'npm-install.log');
  console.log(`Installing npm packages (output in ${relative(root, logFile)})…`);
  await runLoggedOrExit('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, logFile });
  console.log(`npm packages: installed in ${seconds(started)}`);
  if (keepCompiledBinary(join(root, 'node_modules', 'better-sqlite3'), 'build/Release/better_sqlite3.node')) {
    console.log('better-sqlite3: compiled from source; kept in npm\'s cache for the next clean install');
  }
  if (useKept && fromNothing) {
    try {
      keepInstall(root, machineCacheDir());
    } catch {
      // A cache that cannot be written costs the next clone an install, not this one.
    }
  }
}

/** Compiles the devnet contracts (cached by source hash) and bundles the test wallets: prints one line. */
export async function ensureDevnetBuild() {
  // The compiler's warnings (about the contracts, not the visitor's set-up) go to the log: issue 28's clean screen.
  const logFile = join(logDir, 'devnet-build.log');
  await runLoggedOrExit('node', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/build.ts'], { cwd: root, logFile, stdoutOnScreen: true });
}
