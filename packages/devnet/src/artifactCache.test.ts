import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepArtifacts, machineCacheDir, restoreArtifacts } from './artifactCache.ts';

const HASH = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const FILES = ['Token.json', 'sources.sha256'];
const made: string[] = [];
const dir = () => {
  const path = mkdtempSync(join(tmpdir(), 'cairn-artifact-cache-'));
  made.push(path);
  return path;
};
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

function compiledInto(path: string) {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'Token.json'), '{"abi":[],"bytecode":"0x60"}\n');
  writeFileSync(join(path, 'sources.sha256'), `${HASH}\n`);
}

describe("the machine's cache of compiled contracts", () => {
  it('gives a fresh clone the artifacts another clone compiled from the same sources', () => {
    const cache = dir();
    const first = join(dir(), 'artifacts');
    compiledInto(first);
    keepArtifacts(cache, HASH, first, FILES);
    const fresh = join(dir(), 'artifacts');
    expect(restoreArtifacts(cache, HASH, fresh, FILES)).toBe(true);
    for (const file of FILES) expect(readFileSync(join(fresh, file), 'utf8')).toBe(readFileSync(join(first, file), 'utf8'));
  });

  it('gives nothing for other sources, nor from an entry left incomplete', () => {
    const cache = dir();
    const first = join(dir(), 'artifacts');
    compiledInto(first);
    keepArtifacts(cache, HASH, first, FILES);
    const fresh = join(dir(), 'artifacts');
    expect(restoreArtifacts(cache, OTHER, fresh, FILES)).toBe(false);
    // A copy that died half-way leaves no `.complete` marker in a hash's folder.
    mkdirSync(join(cache, 'devnet-artifacts', OTHER), { recursive: true });
    writeFileSync(join(cache, 'devnet-artifacts', OTHER, 'Token.json'), '{');
    expect(restoreArtifacts(cache, OTHER, fresh, FILES)).toBe(false);
    // An entry lacking a file the compile now makes (a contract added since).
    expect(restoreArtifacts(cache, HASH, fresh, [...FILES, 'Added.json'])).toBe(false);
    expect(existsSync(fresh)).toBe(false);
  });

  it('refuses a key that is not a sha256 hash (no path outside the cache)', () => {
    expect(() => restoreArtifacts(dir(), '../../etc', dir(), FILES)).toThrow(/Not a sha256 hash/);
  });

  it('lives in CAIRN_CACHE_DIR, else the XDG cache folder', () => {
    expect(machineCacheDir({ CAIRN_CACHE_DIR: '/x/cairn' })).toBe('/x/cairn');
    expect(machineCacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/cairn');
  });
});
