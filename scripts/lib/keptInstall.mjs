// The root install kept per machine as hard links, as onDemand.mjs keeps its trees: a fresh clone on a
// machine that installed the same lockfile before (CI's clean run, a second clone) links the tree in
// seconds instead of unpacking ~65,000 files again (`npm install`: 78 s of a 1,121 s clean `npm test`
// in ci35, before any test could start). Kept only right after an install made node_modules from
// nothing, so nothing a run writes later (build caches, on-demand installs) is in it; npm replaces a
// package by a new folder, never by writing into the old one's files, so the links stay as npm left
// them. The one file npm rewrites in place, its hidden lockfile, is copied, not linked.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STAMP = '.cairn-kept-install';
/** How many lockfiles' trees a machine keeps (the newest by use); each is links to files its clones share. */
const KEEP_AT_MOST = 3;
/** npm's hidden lockfile: rewritten in place by a later `npm install`, and its time says whether the tree is current. */
const HIDDEN_LOCKFILE = '.package-lock.json';

/** The workspaces' package.json files, from the root's `workspaces` globs of the form `dir/*`. */
function workspaceManifests(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    const dir = join(root, pattern.replace(/\/\*$/, ''));
    if (!pattern.endsWith('/*') || !existsSync(dir)) return existsSync(join(root, pattern, 'package.json')) ? [join(root, pattern, 'package.json')] : [];
    return readdirSync(dir)
      .sort()
      .map((name) => join(dir, name, 'package.json'))
      .filter((file) => existsSync(file));
  });
}

/** What decides the installed tree: the lockfile, every manifest, .npmrc, and Node's ABI and platform (native binaries). */
export function installFingerprint(root) {
  const files = ['package-lock.json', 'package.json', '.npmrc'].map((file) => join(root, file)).concat(workspaceManifests(root));
  const hash = createHash('sha256').update(`${process.versions.modules} ${process.platform} ${process.arch}\0`);
  for (const file of files) hash.update(`${file.slice(root.length)}\0${existsSync(file) ? readFileSync(file) : ''}\0`);
  return hash.digest('hex').slice(0, 32);
}

const keptDir = (cacheDir, fingerprint) => join(cacheDir, 'root-install', fingerprint);

/** Hard-links the tree `from` to `to` (a fresh folder); false where the two are on different file systems or cp cannot. */
export function linkTree(from, to) {
  try {
    execFileSync('cp', ['-al', from, to], { stdio: 'ignore' });
    return true;
  } catch {
    rmSync(to, { recursive: true, force: true });
    return false;
  }
}

/** Replaces the linked hidden lockfile by a copy of its own, dated now (so the tree reads as current, and the kept one stays untouched). */
function ownHiddenLockfile(nodeModules) {
  const file = join(nodeModules, HIDDEN_LOCKFILE);
  if (!existsSync(file)) return;
  const copy = `${file}.${process.pid}.tmp`;
  copyFileSync(file, copy);
  renameSync(copy, file);
  const now = new Date();
  utimesSync(file, now, now);
}

/**
 * Links the machine's kept tree for this checkout's lockfile into `root/node_modules`, which must not
 * exist. Returns true when it did; false when none is kept or linking failed (then install as usual).
 */
export function linkKeptInstall(root, cacheDir) {
  const kept = keptDir(cacheDir, installFingerprint(root));
  if (!existsSync(join(kept, STAMP))) return false;
  const target = join(root, 'node_modules');
  const partial = `${target}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  if (!linkTree(join(kept, 'node_modules'), partial)) return false;
  ownHiddenLockfile(partial);
  renameSync(partial, target); // whole or not at all: a tree half linked is never taken for an install
  const now = new Date();
  utimesSync(kept, now, now); // its last use, for pruning
  return true;
}

/** Keeps `root/node_modules`, just installed from nothing, for the next clone of the same lockfile; prunes the oldest beyond KEEP_AT_MOST. */
export function keepInstall(root, cacheDir) {
  const fingerprint = installFingerprint(root);
  const kept = keptDir(cacheDir, fingerprint);
  if (existsSync(join(kept, STAMP))) return false;
  const partial = `${kept}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  if (!linkTree(join(root, 'node_modules'), join(partial, 'node_modules'))) {
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
  ownHiddenLockfile(join(partial, 'node_modules'));
  writeFileSync(join(partial, STAMP), fingerprint);
  try {
    if (!existsSync(join(kept, STAMP))) {
      rmSync(kept, { recursive: true, force: true }); // one left unstamped by a run that died
      renameSync(partial, kept);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true }); // left only when another clone kept it first
  }
  prune(dirname(kept));
  return true;
}

function prune(dir) {
  const entries = readdirSync(dir)
    .filter((name) => /^[0-9a-f]{32}$/.test(name))
    .map((name) => ({ path: join(dir, name), used: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of entries.slice(KEEP_AT_MOST)) rmSync(path, { recursive: true, force: true });
}
