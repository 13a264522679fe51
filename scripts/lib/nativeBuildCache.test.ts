import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepCompiledBinary } from './nativeBuildCache.mjs';

const root = new URL('../..', import.meta.url).pathname;
const betterSqlite = join(root, 'node_modules', 'better-sqlite3');
const binary = 'build/Release/better_sqlite3.node';
const dir = mkdtempSync(join(tmpdir(), 'cairn-prebuilds-'));
const saved = { cache: process.env.npm_config_cache, host: process.env.npm_config_better_sqlite3_binary_host };
// A cache of the test's own, and a download host on loopback that refuses: nothing leaves the machine.
process.env.npm_config_cache = join(dir, 'npm-cache');
process.env.npm_config_better_sqlite3_binary_host = 'http://127.0.0.1:9';
afterAll(() => {
  for (const [name, value] of [['npm_config_cache', saved.cache], ['npm_config_better_sqlite3_binary_host', saved.host]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** better-sqlite3's own installer, run in a clean copy of the package (no build/), as a clean install runs it. */
function installFresh(into: string) {
  mkdirSync(into, { recursive: true });
  copyFileSync(join(betterSqlite, 'package.json'), join(into, 'package.json'));
  const bin = join(root, 'node_modules', 'prebuild-install', 'bin.js');
  return new Promise<number | null>((resolve) => {
    const child = execFile(process.execPath, [bin], { cwd: into, env: process.env }, () => resolve(child.exitCode));
  });
}

describe('the native build cache', () => {
  it('without a kept binary, a clean install finds no prebuilt one (it would compile from source)', async () => {
    expect(await installFresh(join(dir, 'before'))).not.toBe(0);
  });

  it("keeps a compiled better-sqlite3 where its installer looks, so the next clean install unpacks and loads it", async () => {
    const cached = keepCompiledBinary(betterSqlite, binary);
    expect(cached).toMatch(/_prebuilds\/[0-9a-f]{6}-better-sqlite3-v[\d.]+-node-v\d+-linux-x64\.tar\.gz$/);
    expect(keepCompiledBinary(betterSqlite, binary)).toBeUndefined(); // kept once
    const fresh = join(dir, 'after');
    expect(await installFresh(fresh)).toBe(0); // prebuild-install also loads the binary before it says yes
    expect(existsSync(join(fresh, binary))).toBe(true);
  });

  it('keeps nothing for a package that is not installed or was not compiled', () => {
    process.env.npm_config_cache = join(dir, 'another-cache');
    expect(keepCompiledBinary(join(dir, 'absent'), binary)).toBeUndefined();
    expect(keepCompiledBinary(betterSqlite, 'build/Release/not-built.node')).toBeUndefined();
    expect(existsSync(join(dir, 'another-cache'))).toBe(false);
  });
});
