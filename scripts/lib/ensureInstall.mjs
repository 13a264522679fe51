import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOrExit } from './run.mjs';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Installs npm packages when node_modules is missing or older than the lockfile. */
export async function ensureNpmPackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('Installing npm packages…');
  await runOrExit('npm', ['install', '--no-audit', '--no-fund'], { cwd: root });
}

/** Compiles the devnet contracts (cached by source hash) and bundles the test wallet. */
export async function ensureDevnetBuild() {
  await runOrExit('node', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/build.ts'], { cwd: root });
}
