import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { devOnlyLicences, isAllowedLicence, licenceFailures, normalizeLicence, thirdPartyNotices, UNREACHED_OPTIONAL_DEPENDENCIES, walkRuntimeTree } from './licenceWalk.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A workspace on disk: `files` maps paths to package.json contents (objects) or text. */
function fixture(files: Record<string, object | string>): string {
  const rootDir = mkdtempSync(join(tmpdir(), 'cairn-licences-'));
  folders.push(rootDir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(rootDir, path, '..'), { recursive: true });
    writeFileSync(join(rootDir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return rootDir;
}

const published = (name: string, dependencies: Record<string, string>, extra: object = {}) => ({ name, version: '1.0.0', license: 'MIT', dependencies, ...extra });
const installed = (name: string, version: string, license: unknown, dependencies: Record<string, string> = {}) => ({ name, version, license, dependencies });

describe('isAllowedLicence', () => {
  it('reads SPDX expressions: OR needs one side, AND both, WITH and + keep the licence', () => {
    expect(isAllowedLicence('MIT')).toBe(true);
    expect(isAllowedLicence('(MIT OR GPL-3.0)')).toBe(true);
    expect(isAllowedLicence('MIT AND GPL-3.0')).toBe(false);
    expect(isAllowedLicence('(Apache-2.0 AND MIT)')).toBe(true);
    expect(isAllowedLicence('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(isAllowedLicence('GPL-2.0+')).toBe(false);
    expect(isAllowedLicence('BSD-3-Clause OR (GPL-3.0 AND MIT)')).toBe(true);
  });

  it('fails what a person must read first, and what does not parse', () => {
    expect(isAllowedLicence('SEE LICENSE IN LICENSE.md')).toBe(false);
    expect(isAllowedLicence('UNLICENSED')).toBe(false);
    expect(isAllowedLicence(undefined)).toBe(false);
    expect(isAllowedLicence('(MIT')).toBe(false);
    expect(isAllowedLicence('MIT OR')).toBe(false);
  });
});

describe('normalizeLicence', () => {
  it('takes the string, the legacy object and the legacy list', () => {
    expect(normalizeLicence({ license: 'ISC' })).toBe('ISC');
    expect(normalizeLicence({ license: { type: 'MIT', url: 'x' } })).toBe('MIT');
    expect(normalizeLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(normalizeLicence({})).toBeUndefined();
  });
});

describe('walkRuntimeTree', () => {
  it('finds a community-licensed package deep in the tree and names who pulls it in', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', { mid: '^1' }),
      'node_modules/@x/a/package.json': published('@x/a', { mid: '^1' }),
      'node_modules/mid/package.json': installed('mid', '1.2.0', 'MIT', { deep: '^2' }),
      'node_modules/deep/package.json': installed('deep', '2.21.9', 'SEE LICENSE IN LICENSE.md'),
    });
    const { packages, missing } = walkRuntimeTree(rootDir);
    expect(missing).toEqual([]);
    const failures = licenceFailures(packages);
    expect(failures.map((entry) => [entry.name, entry.version, entry.licence, [...entry.requiredBy]])).toEqual([
      ['deep', '2.21.9', 'SEE LICENSE IN LICENSE.md', ['@x/a']],
    ]);
  });

  it('does not follow an optional dependency no published code reaches (listed with its reason), and follows any other', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', { provider: '^1' }),
      'node_modules/provider/package.json': {
        ...installed('provider', '1.0.0', 'Apache-2.0'),
        optionalDependencies: { '@substrate/connect': '0.8.11', other: '^1' },
      },
      'node_modules/@substrate/connect/package.json': installed('@substrate/connect', '0.8.11', 'GPL-3.0-only'),
      'node_modules/other/package.json': installed('other', '1.0.0', 'GPL-3.0-only'),
    });
    expect(UNREACHED_OPTIONAL_DEPENDENCIES.get('@substrate/connect')).toMatch(/never imports it/);
    const names = walkRuntimeTree(rootDir).packages.map((entry) => entry.name);
    expect(names).toContain('other');
    expect(names).not.toContain('@substrate/connect');
  });

  it('reads the copy Node would load: the nested one before the hoisted one', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', { mid: '^1' }),
      'node_modules/mid/package.json': installed('mid', '1.0.0', 'MIT', { shared: '^2' }),
      'node_modules/mid/node_modules/shared/package.json': installed('shared', '2.0.0', 'BUSL-1.1'),
      'node_modules/shared/package.json': installed('shared', '1.0.0', 'MIT'),
    });
    const shared = walkRuntimeTree(rootDir).packages.filter((entry) => entry.name === 'shared');
    expect(shared.map((entry) => entry.version)).toEqual(['2.0.0']);
    expect(licenceFailures(shared)).toHaveLength(1);
  });

  it('counts installed peers, skips a missing optional peer, reports a missing dependency', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', { gone: '^1' }, { peerDependencies: { react: '>=18', extra: '*' }, peerDependenciesMeta: { extra: { optional: true } } }),
      'node_modules/react/package.json': installed('react', '19.0.0', 'MIT'),
    });
    const { packages, missing } = walkRuntimeTree(rootDir);
    expect(packages.map((entry) => entry.name).sort()).toEqual(['@x/a', 'react']);
    expect(missing).toEqual([{ name: 'gone', requiredBy: '@x/a@1.0.0' }]);
  });

  it('keeps a private workspace package and dev-only tools out of the runtime tree, and lists their licences', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', {}),
      'packages/tool/package.json': { name: '@x/tool', version: '1.0.0', private: true, dependencies: { gpl: '1' } },
      'node_modules/gpl/package.json': installed('gpl', '1.0.0', 'GPL-3.0'),
      'packages/a/node_modules/vitest-ish/package.json': installed('vitest-ish', '1.0.0', 'MIT'),
    });
    const { packages } = walkRuntimeTree(rootDir);
    expect(licenceFailures(packages)).toEqual([]);
    const devOnly = devOnlyLicences(rootDir, new Set(packages.map((entry) => entry.dir)));
    expect(Object.fromEntries(devOnly)).toEqual({ 'GPL-3.0': ['gpl@1.0.0'], MIT: ['vitest-ish@1.0.0'] });
  });

  it('writes notices with each licence text, or says there is none', () => {
    const rootDir = fixture({
      'packages/a/package.json': published('@x/a', { withText: '1', without: '1' }),
      'node_modules/withText/package.json': installed('withText', '1.0.0', 'ISC'),
      'node_modules/withText/LICENSE.md': 'ISC Licence text here',
      'node_modules/without/package.json': installed('without', '3.0.0', 'MIT'),
    });
    const notices = thirdPartyNotices('@x/a', walkRuntimeTree(rootDir).packages.filter((entry) => entry.name !== '@x/a'));
    expect(notices).toContain('withText@1.0.0\nLicence: ISC\n\nISC Licence text here');
    expect(notices).toContain('without@3.0.0\nLicence: MIT\n\n(This package ships no licence file');
    const twice = thirdPartyNotices('@x/a', [...walkRuntimeTree(rootDir).packages, ...walkRuntimeTree(rootDir).packages].filter((entry) => entry.name !== '@x/a'));
    expect(twice.match(/^withText@1\.0\.0$/gm)).toHaveLength(1);
  });
});

describe('the installed workspace', () => {
  it('ships WalletConnect 2.21.8 (Apache-2.0) and nothing outside the allow-list', () => {
    const rootDir = fileURLToPath(new URL('../..', import.meta.url));
    const { packages, missing } = walkRuntimeTree(rootDir);
    expect(missing).toEqual([]);
    expect(licenceFailures(packages).map((entry) => `${entry.name}@${entry.version} ${entry.licence}`)).toEqual([]);
    const provider = packages.filter((entry) => entry.name === '@walletconnect/universal-provider');
    expect(provider.map((entry) => [entry.version, entry.licence])).toEqual([['2.21.8', 'Apache-2.0']]);
  });
});
