// better-sqlite3 has no prebuilt binary this machine can download, so each clean install compiles
// SQLite from source (about two CPU-minutes, most of a first `npm install`'s wait). Its installer,
// prebuild-install, looks in npm's cache (`<npm cache>/_prebuilds/`) before it downloads: after a
// compile we leave the binary there, in the name prebuild-install looks for, and the next clean
// install on this machine (a fresh clone, CI's clean run) unpacks it in a second. A binary from another
// version of the package or of Node has another name, so it is never picked up by mistake.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where prebuild-install would look for `packageDir`'s binary in npm's cache, and where that binary is built. */
export function prebuildCacheEntry(packageDir, binaryPath) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const require = createRequire(join(packageDir, 'package.json'));
  const util = require('prebuild-install/util');
  const options = { ...require('prebuild-install/rc')(pkg), pkg };
  return { cached: util.cachedPrebuild(util.getDownloadUrl(options)), built: join(packageDir, binaryPath) };
}

/** Keeps a freshly compiled native binary in npm's prebuild cache; returns the cache file when it wrote one. */
export function keepCompiledBinary(packageDir, binaryPath) {
  if (!existsSync(join(packageDir, 'package.json'))) return undefined;
  const { cached, built } = prebuildCacheEntry(packageDir, binaryPath);
  if (existsSync(cached) || !existsSync(built)) return undefined;
  mkdirSync(dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  execFileSync('tar', ['-czf', partial, '-C', packageDir, binaryPath]);
  renameSync(partial, cached); // whole or not at all: an install beside us never unpacks half a file
  return cached;
}
