import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { anchorsDir, anchorVersionsDir } from './paths.ts';

const MANIFEST = 'package.json';
const LOCKFILE = 'package-lock.json';

function npm(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} exited with ${code}`))));
  });
}

const sameFile = (a: string, b: string) => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/**
 * Installs the anchors pinned in bench/anchor-versions into bench/anchors (gitignored), unless the
 * installed tree already matches the committed lockfile. Returns whether it installed.
 *
 * Install scripts are skipped: the bench only bundles these packages for the browser. `from` and
 * `into` install another pinned folder the same way (the bench's tools).
 */
export async function ensureAnchors(
  log: (line: string) => void,
  { from = anchorVersionsDir, into = anchorsDir, what = 'anchors' }: { from?: string; into?: string; what?: string } = {},
): Promise<boolean> {
  const committedLock = join(from, LOCKFILE);
  const installedLock = join(into, LOCKFILE);
  const installedMarker = join(into, 'node_modules', '.package-lock.json');
  if (existsSync(committedLock) && sameFile(committedLock, installedLock) && existsSync(installedMarker)) return false;

  mkdirSync(into, { recursive: true });
  copyFileSync(join(from, MANIFEST), join(into, MANIFEST));
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts'];
  if (existsSync(committedLock)) {
    log(`${what}: installing the pinned versions into ${into} (npm ci; a few minutes the first time)`);
    copyFileSync(committedLock, installedLock);
    await npm(['ci', ...flags], into);
  } else {
    log(`${what}: no lockfile committed yet; resolving with npm install and saving ${join(from, LOCKFILE)}`);
    await npm(['install', ...flags], into);
    copyFileSync(installedLock, committedLock);
  }
  return true;
}

/** The installed version of each anchor package, read from bench/anchors. */
export function installedVersions(names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const manifest = join(anchorsDir, 'node_modules', name, MANIFEST);
      const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'missing';
      return [name, version];
    }),
  );
}
