import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from './ensureInstall.mjs';
import { publishedWorkspacePackages, thirdPartyNotices, walkRuntimeTree } from './licenceWalk.mjs';
import { compilePackage } from './compilePackage.mjs';
import { bundlePackage } from './bundlePackage.mjs';
import { withDirectoryLock } from './buildLock.mjs';


/** The workspace packages that are published (no `"private": true`), each after the @cairn packages it uses. */
export function publishedPackages(rootDir = root) {
  const found = publishedWorkspacePackages(rootDir);
  const byName = new Map(found.map((pkg) => [pkg.manifest.name, pkg]));
  const ordered = [];
  const visit = (pkg, path = []) => {
    if (ordered.includes(pkg)) return;
    if (path.includes(pkg)) throw new Error(`@cairn packages depend on each other in a cycle: ${[...path, pkg].map((p) => p.manifest.name).join(' → ')}`);
    for (const name of workspaceDependencies(pkg.manifest)) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency, [...path, pkg]);
    }
    ordered.push(pkg);
  };
  for (const pkg of found) visit(pkg);
  return ordered;
}

// Only what the build compiles against: devDependencies serve tests, which the build leaves out
// (core's tests use @cairn/server/testing while the server depends on core).
function workspaceDependencies(manifest) {
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return names.filter((name) => name.startsWith('@cairn/'));
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** What a package's dist is made from: its sources, its build settings, and the builds it uses. */
function inputHash(pkg, builtHashes) {
  const hash = createHash('sha256');
  const inputs = [join(root, 'tsconfig.build.json'), join(pkg.dir, 'tsconfig.build.json'), join(pkg.dir, 'package.json'), ...listFiles(join(pkg.dir, 'src'))];
  inputs.push(join(root, 'scripts', 'lib', 'compilePackage.mjs'), join(root, 'scripts', 'lib', 'textIds.mjs'));
  if (pkg.manifest.cairn?.bundle) inputs.push(join(root, 'scripts', 'lib', 'bundlePackage.mjs'));
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  for (const name of workspaceDependencies(pkg.manifest)) hash.update(builtHashes.get(name) ?? '');
  return hash.digest('hex');
}

/**
 * How long a test may wait for buildPackages(): under `npm test` the build is the niced 'build
 * packages' lane, which gets little CPU while the suites run, and a test asking for it waits until
 * that lane's build ends. A hook of its own with this timeout keeps the wait out of the timeout of
 * the test's own work.
 */
export const PACKAGE_BUILD_WAIT_MS = 1_200_000;

/**
 * Compiles each published package whose inputs changed, in this process (a package once the
 * @cairn packages it uses are built); copies the licence into every one. One build at a time
 * across processes: `npm test`'s lanes may ask for it side by side.
 */
export function buildPackages(options) {
  return withDirectoryLock(join(root, 'node_modules', '.cache', 'cairn-build.lock'), () => buildStalePackages(options));
}

async function buildStalePackages({ force = false } = {}) {
  const builtHashes = new Map();
  const stale = [];
  for (const pkg of publishedPackages()) {
    const { name } = pkg.manifest;
    const hash = inputHash(pkg, builtHashes);
    builtHashes.set(name, hash);
    copyFileSync(join(root, 'LICENSE'), join(pkg.dir, 'LICENSE'));
    const hashFile = join(root, 'node_modules', '.cache', 'cairn-build', `${name.replace('/', '+')}.hash`);
    const upToDate = existsSync(join(pkg.dir, 'dist')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash;
    if (force || !upToDate) stale.push({ pkg, hash, hashFile });
  }
  const builds = new Map();
  let bundling = Promise.resolve(); // bundlePackage sets NODE_ENV for its process: one at a time
  // The compiles run one after another in this process, sharing the declarations they all read
  // (compilePackage.mjs): less CPU than two compiler processes side by side that each parse them.
  const libraryFiles = new Map();
  const build = async ({ pkg, hash, hashFile }) => {
    const { name } = pkg.manifest;
    await Promise.all(workspaceDependencies(pkg.manifest).map((dependency) => builds.get(dependency)));
    console.log(`Building ${name}…`);
    // First the record that dist/ is up to date: a build stopped halfway (a run cut short) leaves
    // a dist/ that the next run rebuilds, not one it takes for whole with the old record.
    rmSync(hashFile, { force: true });
    rmSync(join(pkg.dir, 'dist'), { recursive: true, force: true });
    // tsc's emit without the type check (half the CPU; `npm test`'s typecheck step checks every
    // package), texts named by id in English (compilePackage.mjs).
    const errors = compilePackage(join(pkg.dir, 'tsconfig.build.json'), libraryFiles);
    if (errors) throw new Error(`${name} did not compile:\n${errors}`);
    if (pkg.manifest.cairn?.bundle) await (bundling = bundling.then(() => bundlePackage(pkg)));
    for (const bin of Object.values(typeof pkg.manifest.bin === 'string' ? { [name]: pkg.manifest.bin } : (pkg.manifest.bin ?? {}))) {
      const file = join(pkg.dir, bin);
      chmodSync(file, statSync(file).mode | 0o111);
    }
    mkdirSync(dirname(hashFile), { recursive: true });
    writeFileSync(hashFile, hash);
  };
  for (const entry of stale) builds.set(entry.pkg.manifest.name, build(entry));
  await Promise.all(builds.values());
  writeNotices();
}

/** Each published package's THIRD_PARTY_NOTICES, from the installed tree (`npm test` checks the licences). */
function writeNotices() {
  const { packages } = walkRuntimeTree(root);
  for (const { dir, manifest } of publishedWorkspacePackages(root)) {
    const shipped = packages.filter((entry) => entry.requiredBy.has(manifest.name) && !entry.name.startsWith('@cairn/'));
    writeFileSync(join(dir, 'THIRD_PARTY_NOTICES'), thirdPartyNotices(manifest.name, shipped));
  }
}
