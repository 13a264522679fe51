import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ensureOnDemand, onDemandPackage } from './onDemand.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Next's CLI, from its on-demand install (scripts/onDemand/nextjs). */
export const nextBin = join(onDemandPackage('nextjs', 'next'), 'dist', 'bin', 'next');

/**
 * Copies examples/nextjs's sources into `dir` (Next rewrites the tsconfig.json and next-env.d.ts of
 * what it builds; its own cache, .next/cache, is kept between runs) and links Next, installed on
 * demand, into the copy's node_modules; React and Cairn's packages resolve from the root install.
 */
export async function prepareNextjsCopy(dir) {
  await ensureOnDemand('nextjs');
  mkdirSync(dir, { recursive: true });
  for (const entry of ['app', 'package.json', 'tsconfig.json']) {
    rmSync(join(dir, entry), { recursive: true, force: true });
    cpSync(join(root, 'examples', 'nextjs', entry), join(dir, entry), { recursive: true });
  }
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(onDemandPackage('nextjs', 'next'), join(dir, 'node_modules', 'next'), 'dir');
}
