// What a single test needs and nothing else does (Next.js for examples/nextjs, wagmi 2 beside
// wagmi 3) stays out of the root install: together they were 41 % of its bytes (440 MB) and
// 37,000 files, most of a first `npm start`'s wait (issue 28). Each is a package of its own in
// scripts/onDemand/<name>/ with its lockfile, installed by the first test that needs it into
// node_modules/.cairn-on-demand/<name>/ and kept there. Its peers (react, viem...) are not
// installed with it: from that folder, Node's lookup reaches the root install's.
//
// Each finished install is also kept per machine (~/.cache/cairn/on-demand/, by its files'
// fingerprint) as hard links: the next clone's first need (CI's clean run, a newcomer's second
// clone) links that tree in seconds instead of unpacking tens of thousands of files again (alto
// alone: 48 CPU-s). npm never writes into an installed package, so the links stay as npm left them.
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { withDirectoryLock } from './buildLock.mjs';
import { linkTree } from './keptInstall.mjs';
import { logTail, run } from './run.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const FILES = ['package.json', 'package-lock.json', '.npmrc'];

/** Where `name`'s own install lives (its node_modules inside). */
export const onDemandDir = (name) => join(root, 'node_modules', '.cairn-on-demand', name);

/** The folder of one package `name`'s on-demand install holds, e.g. onDemandPackage('nextjs', 'next'). */
export const onDemandPackage = (name, packageName) => join(onDemandDir(name), 'node_modules', packageName);

/** The machine's cache of installs: `CAIRN_CACHE_DIR`, else `$XDG_CACHE_HOME/cairn`, else `~/.cache/cairn` (as the devnet's contracts). */
export const machineCacheDir = (env = process.env) => env.CAIRN_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'cairn');

const STAMP = '.cairn-on-demand-installed';

const fingerprint = (source) => createHash('sha256').update(FILES.map((file) => readFileSync(join(source, file), 'utf8')).join('\0')).digest('hex');

/** Links a finished install into the machine's cache, whole or not at all (renamed into place). */
function keep(target, kept) {
  if (existsSync(kept)) return;
  const partial = `${kept}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(kept), { recursive: true });
  if (!linkTree(target, partial)) return;
  try {
    renameSync(partial, kept);
  } finally {
    rmSync(partial, { recursive: true, force: true }); // left only when another clone kept it first
  }
}

/**
 * Installs scripts/onDemand/<name>/ (`npm ci` from its lockfile) unless the install there is of the
 * same files; one install at a time across processes (two browser shards may ask at once).
 * Resolves with the install's folder; rejects with the end of its log when npm fails.
 */
export async function ensureOnDemand(name, { sourceDir = join(root, 'scripts', 'onDemand'), targetDir = onDemandDir(name), logDir = join(root, '.data', 'logs'), cacheDir = machineCacheDir() } = {}) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Not an on-demand package: ${name}`);
  const source = join(sourceDir, name);
  const target = targetDir;
  const stamp = join(target, 'node_modules', STAMP);
  const wanted = fingerprint(source);
  const installed = () => existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted;
  if (installed()) return target;
  const kept = join(cacheDir, 'on-demand', `${name}-${wanted.slice(0, 32)}`);
  await withDirectoryLock(`${target}.lock`, async () => {
    if (installed()) return;
    rmSync(target, { recursive: true, force: true });
    mkdirSync(dirname(target), { recursive: true });
    // Linked beside, then renamed: a caller that does not wait on the lock (its stamp seen first) never finds half a tree.
    const partial = `${target}.${process.pid}.tmp`;
    rmSync(partial, { recursive: true, force: true });
    if (existsSync(join(kept, 'node_modules', STAMP)) && linkTree(kept, partial)) return renameSync(partial, target);
    mkdirSync(target, { recursive: true });
    for (const file of FILES) copyFileSync(join(source, file), join(target, file));
    const logFile = join(logDir, `on-demand-${name}.log`);
    mkdirSync(logDir, { recursive: true });
    const fd = openSync(logFile, 'w');
    let code;
    try {
      code = await run('npm', ['ci'], { cwd: target, stdio: ['ignore', fd, fd] });
    } finally {
      closeSync(fd);
    }
    if (code !== 0) throw new Error(`npm ci of ${name} (on demand) failed with exit code ${code}; the end of ${logFile}:\n${logTail(logFile)}`);
    writeFileSync(stamp, wanted);
    try {
      keep(target, kept);
    } catch {
      // A cache that cannot be written costs the next clone an install, not this one.
    }
  });
  return target;
}
