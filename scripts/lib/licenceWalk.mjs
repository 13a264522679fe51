import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Licences a runtime dependency of a published package may carry (SPDX ids). */
export const ALLOWED_LICENCES = ['MIT', 'MIT-0', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'CC0-1.0', 'Unlicense', 'BlueOak-1.0.0', 'MPL-2.0'];

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The package's licence as an SPDX expression: `license` (string or legacy {type}), or legacy `licenses` joined by OR. */
export function normalizeLicence(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string' && license.trim() !== '') return license.trim();
  if (license && typeof license === 'object' && typeof license.type === 'string') return license.type.trim();
  if (Array.isArray(licenses) && licenses.length > 0) {
    const types = licenses.map((entry) => (typeof entry === 'string' ? entry : entry?.type)).filter((type) => typeof type === 'string');
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return undefined;
}

function tokenize(expression) {
  return expression.match(/\(|\)|[^\s()]+/g) ?? [];
}

/**
 * Whether an SPDX expression is acceptable under the allow-list: OR needs one side, AND both;
 * `WITH <exception>` counts as its licence, a trailing `+` is dropped. "SEE LICENSE IN ...",
 * UNLICENSED and a missing licence fail: they need a person to read them.
 */
export function isAllowedLicence(expression, allowList = ALLOWED_LICENCES) {
  if (typeof expression !== 'string' || /^\s*(SEE LICEN[SC]E IN|UNLICENSED\b)/i.test(expression)) return false;
  const allowed = new Set(allowList.map((id) => id.toLowerCase()));
  const tokens = tokenize(expression);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];
  const parseOr = () => {
    let value = parseAnd();
    while (peek()?.toUpperCase() === 'OR') {
      next();
      const right = parseAnd();
      value = value || right;
    }
    return value;
  };
  const parseAnd = () => {
    let value = parseAtom();
    while (peek()?.toUpperCase() === 'AND') {
      next();
      const right = parseAtom();
      value = value && right;
    }
    return value;
  };
  const parseAtom = () => {
    const token = next();
    if (token === undefined) throw new Error('unexpected end');
    if (token === '(') {
      const value = parseOr();
      if (next() !== ')') throw new Error('unbalanced parenthesis');
      return value;
    }
    if (token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) throw new Error(`unexpected ${token}`);
    if (peek()?.toUpperCase() === 'WITH') {
      next();
      if (next() === undefined) throw new Error('WITH needs an exception');
    }
    return allowed.has(token.replace(/\+$/, '').toLowerCase());
  };
  try {
    const value = parseOr();
    return position === tokens.length && value;
  } catch {
    return false;
  }
}

/** The workspace packages that are published (no `"private": true`). */
export function publishedWorkspacePackages(rootDir) {
  const packagesDir = join(rootDir, 'packages');
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir: realpathSync(dir), manifest: readJson(join(dir, 'package.json')) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** Node's node_modules lookup for `name`, from the directory of the package that requires it upward. */
export function resolvePackageDir(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Optional dependencies that no code of a published package can reach, so nothing of them is
 * bundled into a site: the walk does not follow them. Each entry says why; keep the list short.
 */
export const UNREACHED_OPTIONAL_DEPENDENCIES = new Map([
  [
    '@substrate/connect',
    "GPL-3.0. @polkadot/rpc-provider lists it for ScProvider, which takes the light client as an argument and never imports it; @cairn/polkadot uses WsProvider (a site can install with --omit=optional)",
  ],
]);

/**
 * Dev-only tools whose licence is not on the allow-list: each runs only in the local stack and the
 * tests, as a process of its own, never imported by shipped code. checkLicences names each with why.
 */
export const DEV_ONLY_TOOLS = new Map([
  [
    '@pimlico/alto',
    'GPL-3.0-or-later. The ERC-4337 bundler the local stack runs (packages/devnet/src/bundler: a separate process); installed on first use from scripts/onDemand/alto, outside the root install, never bundled or shipped',
  ],
  [
    '@uniswap/v3-periphery',
    'GPL-2.0-or-later (and @uniswap/v3-core, BUSL-1.1, under it). Dependencies of @account-abstraction/contracts for its TokenPaymaster, which the devnet does not compile; never bundled or shipped',
  ],
]);

/**
 * Every installed package reachable from the published packages through dependencies, optional
 * dependencies and peer dependencies (a site installs the peers too), read from what is installed.
 * Returns the packages (name, version, licence, dir, requiredBy) and the problems found.
 */
export function walkRuntimeTree(rootDir) {
  const found = new Map(); // real dir → package
  const missing = [];
  const visit = (dir, requiredBy, seen) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = readJson(join(dir, 'package.json'));
    const entry = found.get(dir) ?? { name: manifest.name, version: manifest.version, licence: normalizeLicence(manifest), dir, requiredBy: new Set() };
    entry.requiredBy.add(requiredBy);
    found.set(dir, entry);
    const optionalPeers = new Set(Object.entries(manifest.peerDependenciesMeta ?? {}).filter(([, meta]) => meta?.optional).map(([name]) => name));
    const edges = [
      ...Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, optional: false })),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
      ...Object.keys(manifest.peerDependencies ?? {}).map((name) => ({ name, optional: optionalPeers.has(name) })),
    ];
    for (const { name, optional } of edges) {
      if (optional && UNREACHED_OPTIONAL_DEPENDENCIES.has(name)) continue;
      const dependencyDir = resolvePackageDir(name, dir);
      if (dependencyDir) visit(dependencyDir, requiredBy, seen);
      else if (!optional && !missing.some((m) => m.name === name && m.requiredBy === `${manifest.name}@${manifest.version}`)) {
        missing.push({ name, requiredBy: `${manifest.name}@${manifest.version}` });
      }
    }
  };
  // One walk per published package, so each knows its own tree (its THIRD_PARTY_NOTICES).
  for (const { dir, manifest } of publishedWorkspacePackages(rootDir)) visit(dir, manifest.name, new Set());
  return { packages: [...found.values()], missing };
}

/** The runtime packages whose licence is not on the allow-list. */
export function licenceFailures(packages, allowList = ALLOWED_LICENCES) {
  return packages.filter((entry) => !isAllowedLicence(entry.licence, allowList));
}

function listInstalled(nodeModules, into) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      listInstalled(path, into);
      continue;
    }
    if (!existsSync(join(path, 'package.json'))) continue;
    const real = realpathSync(path);
    if (!into.has(real)) {
      into.add(real);
      listInstalled(join(real, 'node_modules'), into);
    }
  }
}

/** Every other installed package (nested copies and workspace folders' own node_modules too), counted by licence. */
export function devOnlyLicences(rootDir, runtimeDirs) {
  const installed = new Set();
  listInstalled(join(rootDir, 'node_modules'), installed);
  for (const group of ['packages', 'apps']) {
    const groupDir = join(rootDir, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir)) listInstalled(join(groupDir, name, 'node_modules'), installed);
  }
  const byLicence = new Map();
  for (const dir of installed) {
    if (runtimeDirs.has(dir)) continue;
    const manifest = readJson(join(dir, 'package.json'));
    const licence = normalizeLicence(manifest) ?? '(none)';
    const names = byLicence.get(licence) ?? [];
    names.push(`${manifest.name}@${manifest.version}`);
    byLicence.set(licence, names);
  }
  return byLicence;
}

const LICENCE_FILE = /^(licen[sc]e|copying)(\.(md|txt|markdown))?$|^licen[sc]e[-.]/i;

function licenceText(dir) {
  const file = readdirSync(dir).sort().find((name) => LICENCE_FILE.test(name));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
}

/** The THIRD_PARTY_NOTICES text for these packages: name@version, licence and the licence's text. */
export function thirdPartyNotices(packageName, packages) {
  // One entry per name@version, however many copies are installed.
  const unique = [...new Map(packages.map((entry) => [`${entry.name}@${entry.version}`, entry])).values()];
  const sorted = unique.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const sections = sorted.map((entry) => {
    const text = licenceText(entry.dir) ?? '(This package ships no licence file; its package.json names the licence above.)';
    return `${entry.name}@${entry.version}\nLicence: ${entry.licence ?? '(none)'}\n\n${text}`;
  });
  const header = `Third-party software in ${packageName}\n\nThe packages below are installed with ${packageName} (its dependencies, and theirs) and keep their own licences.`;
  return `${[header, ...sections].join(`\n\n${'-'.repeat(72)}\n\n`)}\n`;
}
