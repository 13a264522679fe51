import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureOnDemand } from './onDemand.mjs';

// A real `npm ci` of an on-demand package whose one dependency is a folder of the test's own (a
// `file:` link), so nothing is fetched from a registry.
const base = mkdtempSync(join(tmpdir(), 'cairn-on-demand-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const sourceDir = join(base, 'onDemand');
const targetDir = join(base, 'installed', 'tool');
const logDir = join(base, 'logs');
const cacheDir = join(base, 'machine-cache');
const options = { sourceDir, targetDir, logDir, cacheDir };

function writeSource(version: string) {
  const dependency = join(base, 'local-dep');
  mkdirSync(dependency, { recursive: true });
  writeFileSync(join(dependency, 'package.json'), JSON.stringify({ name: 'local-dep', version, main: 'index.js' }));
  writeFileSync(join(dependency, 'index.js'), `module.exports = ${JSON.stringify(version)};\n`);
  const dir = join(sourceDir, 'tool');
  mkdirSync(dir, { recursive: true });
  const manifest = { name: 'tool', private: true, dependencies: { 'local-dep': `file:${dependency}` } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, '.npmrc'), 'audit=false\nfund=false\ninstall-links=true\n');
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({
      name: 'tool',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': manifest,
        'node_modules/local-dep': { version, resolved: `file:${dependency}` },
      },
    }),
  );
}
const installedVersion = () => JSON.parse(readFileSync(join(targetDir, 'node_modules', 'local-dep', 'package.json'), 'utf8')).version;
const stampTime = () => statSync(join(targetDir, 'node_modules', '.cairn-on-demand-installed')).mtimeMs;
// Each test runs npm ci (the first twice): one took ~40 s at load ~43 in session 21's whole run, and
// the first test passed 120 s there (121.2 s); npm's own start is most of it, not the tiny package.
const NPM_TEST_TIMEOUT_MS = 300_000;

describe('ensureOnDemand', () => {
  it('installs from the lockfile (two callers at once both get it), not again while its files are the same, again when they change', async () => {
    writeSource('1.0.0');
    const [first, second] = await Promise.all([ensureOnDemand('tool', options), ensureOnDemand('tool', options)]);
    expect(first).toBe(targetDir);
    expect(second).toBe(targetDir);
    expect(installedVersion()).toBe('1.0.0');
    const installedAt = stampTime();
    await ensureOnDemand('tool', options);
    expect(stampTime()).toBe(installedAt); // nothing changed: no second install
    writeSource('2.0.0');
    await ensureOnDemand('tool', options);
    expect(installedVersion()).toBe('2.0.0');
  }, NPM_TEST_TIMEOUT_MS);

  it("says why when npm fails, with its log's end, and refuses a name that is not a folder's", async () => {
    writeSource('1.0.0');
    writeFileSync(join(sourceDir, 'tool', 'package-lock.json'), '{ not json');
    await expect(ensureOnDemand('tool', options)).rejects.toThrow(/npm ci of tool \(on demand\) failed with exit code \d+; the end of .*on-demand-tool\.log/s);
    await expect(ensureOnDemand('../tool', options)).rejects.toThrow(/Not an on-demand package/);
  }, NPM_TEST_TIMEOUT_MS);

  it("gives another clone the machine's kept install as hard links, with no npm run (its only dependency is gone)", async () => {
    writeSource('3.0.0');
    await ensureOnDemand('tool', options);
    rmSync(join(base, 'local-dep'), { recursive: true }); // npm ci could not install it again
    const otherClone = join(base, 'other-clone', 'tool');
    await ensureOnDemand('tool', { ...options, targetDir: otherClone });
    const file = join(otherClone, 'node_modules', 'local-dep', 'package.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe('3.0.0');
    expect(statSync(file).nlink).toBeGreaterThanOrEqual(2);
    expect(statSync(join(otherClone, 'node_modules', '.cairn-on-demand-installed')).isFile()).toBe(true);
  }, NPM_TEST_TIMEOUT_MS);
});
