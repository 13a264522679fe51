import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFingerprint, keepInstall, linkKeptInstall } from './keptInstall.mjs';

let base: string;
let cacheDir: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'cairn-kept-install-'));
  cacheDir = join(base, 'cache');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A checkout as git gives it: manifests and lockfile, no node_modules. */
function checkout(name: string, { lock = '{"lockfileVersion":3}', workspaceDeps = {} as Record<string, string> } = {}) {
  const root = join(base, name);
  mkdirSync(join(root, 'packages', 'a'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'root', workspaces: ['packages/*'] }));
  writeFileSync(join(root, 'package-lock.json'), lock);
  writeFileSync(join(root, 'packages', 'a', 'package.json'), JSON.stringify({ name: 'a', dependencies: workspaceDeps }));
  return root;
}

/** What `npm install` leaves: a package and npm's hidden lockfile. */
function install(root: string) {
  mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;');
  writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{"hidden":true}');
}

describe('the root install kept per machine', () => {
  it('gives a fresh clone of the same lockfile the tree as hard links, with a hidden lockfile of its own dated after the clone', () => {
    const first = checkout('first');
    install(first);
    expect(keepInstall(first, cacheDir)).toBe(true);
    const second = checkout('second');
    const cloned = statSync(join(second, 'package-lock.json')).mtimeMs;
    expect(linkKeptInstall(second, cacheDir)).toBe(true);
    const dep = join(second, 'node_modules', 'dep', 'index.js');
    expect(readFileSync(dep, 'utf8')).toBe('module.exports = 1;');
    expect(statSync(dep).nlink).toBeGreaterThanOrEqual(3); // first's, the kept one's, second's
    const hidden = join(second, 'node_modules', '.package-lock.json');
    expect(readFileSync(hidden, 'utf8')).toBe('{"hidden":true}');
    expect(statSync(hidden).nlink).toBe(1); // npm rewrites it in place: never shared
    expect(statSync(hidden).mtimeMs).toBeGreaterThanOrEqual(cloned);
    // Writing the clone's hidden lockfile leaves the kept tree's as it was.
    writeFileSync(hidden, '{"rewritten":true}');
    const third = checkout('third');
    expect(linkKeptInstall(third, cacheDir)).toBe(true);
    expect(readFileSync(join(third, 'node_modules', '.package-lock.json'), 'utf8')).toBe('{"hidden":true}');
  });

  it('links nothing for another lockfile or another workspace manifest, and nothing when none is kept', () => {
    expect(linkKeptInstall(checkout('empty'), cacheDir)).toBe(false);
    expect(readdirSync(join(base, 'empty'))).not.toContain('node_modules');
    const first = checkout('first');
    install(first);
    keepInstall(first, cacheDir);
    const otherLock = checkout('other-lock', { lock: '{"lockfileVersion":3,"packages":{}}' });
    const otherWorkspace = checkout('other-workspace', { workspaceDeps: { viem: '2.0.0' } });
    expect(installFingerprint(otherLock)).not.toBe(installFingerprint(first));
    expect(installFingerprint(otherWorkspace)).not.toBe(installFingerprint(first));
    expect(linkKeptInstall(otherLock, cacheDir)).toBe(false);
    expect(linkKeptInstall(otherWorkspace, cacheDir)).toBe(false);
    expect(installFingerprint(checkout('same'))).toBe(installFingerprint(first));
  });

  it('keeps the three lockfiles used last, and keeps one only once', () => {
    for (let index = 0; index < 5; index++) {
      const root = checkout(`clone-${index}`, { lock: `{"lockfileVersion":3,"n":${index}}` });
      install(root);
      expect(keepInstall(root, cacheDir)).toBe(true);
      expect(keepInstall(root, cacheDir)).toBe(false);
    }
    expect(readdirSync(join(cacheDir, 'root-install'))).toHaveLength(3);
    expect(linkKeptInstall(checkout('again-4', { lock: '{"lockfileVersion":3,"n":4}' }), cacheDir)).toBe(true);
    expect(linkKeptInstall(checkout('again-0', { lock: '{"lockfileVersion":3,"n":0}' }), cacheDir)).toBe(false);
  });
});
