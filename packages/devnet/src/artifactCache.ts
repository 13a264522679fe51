import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// The contracts' artifacts, kept per machine by the hash of their sources, compiler and settings
// (compile.ts): a fresh clone's first `npm start` on a machine that compiled the same sources
// before copies them instead of running solc again (70 s of a first run at load 30, issue 28).
// Like better-sqlite3's binary kept in npm's cache (scripts/lib/nativeBuildCache.mjs), a key
// made of everything that goes into the output cannot give a stale result.

const COMPLETE = '.complete';

/** `CAIRN_CACHE_DIR`, else `$XDG_CACHE_HOME/cairn`, else `~/.cache/cairn`. */
export function machineCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CAIRN_CACHE_DIR) return env.CAIRN_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'cairn');
}

const entryDir = (cacheDir: string, hash: string) => {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a sha256 hash: ${hash}`);
  return join(cacheDir, 'devnet-artifacts', hash);
};

/** Copies `files` of `fromDir` into the cache under `hash`; whole or not at all (renamed into place). */
export function keepArtifacts(cacheDir: string, hash: string, fromDir: string, files: readonly string[]): void {
  const target = entryDir(cacheDir, hash);
  if (existsSync(join(target, COMPLETE))) return;
  const partial = `${target}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const file of files) copyFileSync(join(fromDir, file), join(partial, file));
  writeFileSync(join(partial, COMPLETE), '');
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}

/**
 * Copies the cached `files` for `hash` into `toDir` (each written then renamed, so a reader never
 * sees half a file); false, copying nothing, when the cache has no complete entry for `hash`.
 */
export function restoreArtifacts(cacheDir: string, hash: string, toDir: string, files: readonly string[]): boolean {
  const source = entryDir(cacheDir, hash);
  if (!existsSync(join(source, COMPLETE))) return false;
  const present = new Set(readdirSync(source));
  if (!files.every((file) => present.has(file))) return false;
  mkdirSync(toDir, { recursive: true });
  for (const file of files) {
    const tmp = join(toDir, `${file}.${process.pid}.tmp`);
    copyFileSync(join(source, file), tmp);
    renameSync(tmp, join(toDir, file));
  }
  return true;
}
