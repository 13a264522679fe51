import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages, publishedPackages } from '../../scripts/lib/buildPackages.mjs';
import { runOrThrow } from './runOrThrow.ts';

/** What the README tells a site to do: its install command and its example page. */
export interface ReadmeExample {
  /** The packages of the README's `npm install` line, in its order. */
  install: string[];
  /** The README's example (a .tsx module exporting `App`), verbatim. */
  tsx: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

const EXAMPLE_SECTION = '## Embedding the widget in a site';

/** Reads the install line and the example of the README's "Embedding the widget in a site" section. */
export function readReadmeExample(readme = readFileSync(join(root, 'README.md'), 'utf8')): ReadmeExample {
  const start = readme.indexOf(EXAMPLE_SECTION);
  if (start < 0) throw new Error(`README.md has no "${EXAMPLE_SECTION}" section`);
  const section = readme.slice(start);
  const install = /```sh\nnpm install ([^\n]+)\n```/.exec(section)?.[1]?.trim().split(/\s+/);
  const tsx = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!install || !tsx) throw new Error(`README.md's "${EXAMPLE_SECTION}" lost its npm install line or its tsx example`);
  return { install, tsx };
}

/** The first ts or tsx example of each published package's README, by package directory name. */
export function readPackageReadmeExamples(): Map<string, { lang: 'ts' | 'tsx'; code: string }> {
  const examples = new Map<string, { lang: 'ts' | 'tsx'; code: string }>();
  for (const { dir } of publishedPackages()) {
    const readme = join(dir, 'README.md');
    if (!existsSync(readme)) throw new Error(`${readme} is missing: every published package has a README with an example`);
    const match = /```(tsx?)\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'));
    if (match) examples.set(basename(dir), { lang: match[1] as 'ts' | 'tsx', code: match[2]! });
  }
  return examples;
}

/** Builds the published packages and packs them with one `npm pack`; returns tarball paths by package name. */
export async function packWorkspace(destination: string): Promise<Map<string, string>> {
  await buildPackages();
  mkdirSync(destination, { recursive: true });
  const names = publishedPackages().map(({ manifest }) => manifest.name);
  // The build above is each package's prepack: one run instead of one per package.
  const out = await runOrThrow('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', destination, ...names.flatMap((name) => ['-w', name])], { cwd: root });
  const files = out.trim().split('\n').filter((line) => line.endsWith('.tgz'));
  if (files.length !== names.length) throw new Error(`npm pack made ${files.length} tarballs for ${names.length} packages:\n${out}`);
  return new Map(names.map((name, index) => [name, join(destination, files[index]!)]));
}

/** The version this workspace has installed, so the stranger's install is served from npm's cache. */
function installedVersion(name: string): string {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

const DEV_TOOLS = ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'];

/**
 * A fresh project in a temporary folder outside the workspace: the README's `npm install` (Cairn's
 * packages from the tarballs, everything else from the npm registry, through the local npm cache
 * when it has them), the other packed packages, and the usual tools of a Vite + React site.
 */
export async function createStrangerProject(tarballs: Map<string, string>, example: ReadmeExample) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-stranger-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'a-site', private: true, type: 'module' }, null, 2));
  // better-sqlite3 (a dependency of @cairn/server) compiles from source on this machine (~2 min):
  // its built copy is placed first, and npm keeps a package that already satisfies the request.
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  // What an install from a prebuilt binary holds: the compile's intermediate files (15 of its 28 MB) stay behind.
  const betterSqlite = join(root, 'node_modules', 'better-sqlite3');
  const compileLeftovers = new Set(['obj', 'obj.target', 'sqlite3.a', 'test_extension.node'].map((name) => join(betterSqlite, 'build', 'Release', name)));
  cpSync(betterSqlite, join(dir, 'node_modules', 'better-sqlite3'), { recursive: true, filter: (source) => !compileLeftovers.has(source) });
  const asInstalled = (name: string) => tarballs.get(name) ?? `${name}@${installedVersion(name)}`;
  const packed = [...tarballs.keys()].filter((name) => !example.install.includes(name));
  const npmInstall = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  await runOrThrow('npm', [...npmInstall, ...example.install.map(asInstalled), ...packed.map(asInstalled)], { cwd: dir });
  // Not one install with the tools as devDependencies (tried in session 17: 45 s and 5.6 CPU-s less at
  // load 22, but better-sqlite3's own dependency `bindings` was then missing): this second install
  // also completes the tree under the better-sqlite3 placed above.
  await runOrThrow('npm', [...npmInstall, '--save-dev', ...DEV_TOOLS.map(asInstalled)], { cwd: dir });
  return {
    dir,
    write(path: string, content: string) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    run: (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => runOrThrow(command, args, { cwd: dir, env: { ...process.env, ...env } }),
    bin: (name: string) => join(dir, 'node_modules', '.bin', name),
    /** Removes the project after the file, off its time: see removeInBackground. */
    remove: () => removeInBackground(dir),
  };
}

/**
 * Deletes a folder in a detached `rm -rf` that outlives the test file. The project's node_modules is
 * tens of thousands of files: removed in the file's afterAll it took 6 s at load 12 (session 27) and
 * ran past that hook's 120 s at CI's load once, waiting on the disk, while the test proves nothing by it.
 */
export function removeInBackground(dir: string): void {
  const rm = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
  rm.on('error', () => {}); // a folder left in the temporary directory is no test's failure
  rm.unref();
}

export type StrangerProject = Awaited<ReturnType<typeof createStrangerProject>>;
