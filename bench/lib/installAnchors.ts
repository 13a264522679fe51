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
 * Install scripts are skipped: the bench only bundles these packages for the browser.
 */
export async function ensureAnchors(log: (line: string) => void): Promise<boolean> {
  const committedLock = join(anchorVersionsDir, LOCKFILE);
  const installedLock = join(anchorsDir, LOCKFILE);
  const installedMarker = join(anchorsDir, 'node_modules', '.package-lock.json');
  if (existsSync(committedLock) && sameFile(committedLock, installedLock) && existsSync(installedMarker)) return false;

  mkdirSync(anchorsDir, { recursive: true });
  copyFileSync(join(anchorVersionsDir, MANIFEST), join(anchorsDir, MANIFEST));
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts'];
  if (existsSync(committedLock)) {
    log('anchors: installing the pinned versions into bench/anchors (npm ci; a few minutes the first time)');
    copyFileSync(committedLock, installedLock);
    await npm(['ci', ...flags], anchorsDir);
  } else {
    log('anchors: no lockfile committed yet; resolving with npm install and saving bench/anchor-versions/package-lock.json');
    await npm(['install', ...flags], anchorsDir);
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
