// A private PostgreSQL cluster for the server's tests: Debian's postgresql binaries, a data folder
// under packages/server/.data/pg, 127.0.0.1 only, on a port of its own (not 5432), so it never
// meets a PostgreSQL the machine already runs. A port that answers is used only when this
// checkout's own cluster holds it (its postmaster.pid names the port): another checkout's cluster
// on the same machine is never tested against, and is left alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, chownSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'node:net';
import { capture, installDebianPackage } from './debianPackage.mjs';
import { root } from './ensureInstall.mjs';

/** The first port tried; TEST_POSTGRES_PORT names the only one. */
export const TEST_POSTGRES_PORT = Number(process.env.TEST_POSTGRES_PORT || 25432);
/** Ports tried after the first, when another checkout's cluster (or anything) holds it. */
const SPARE_PORTS = 100;
const dataRoot = join(root, 'packages', 'server', '.data');
const dataDir = join(dataRoot, 'pg');
const lockDir = join(dataRoot, 'pg.lock');
const logFile = join(dataRoot, 'pg.log');
const DATABASE = 'cairn_test';

/** Debian's PostgreSQL binaries (the newest version installed), or PG_BIN; undefined when absent. */
export function findBinDir() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, 'bin', 'pg_ctl')) && existsSync(join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
export function asServerUser(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function pidIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The port this checkout's cluster listens on, from its postmaster.pid (pid, data folder, start
 * time, port, ...), when that postmaster is alive; undefined otherwise.
 */
export function runningClusterPort(pidFile = join(dataDir, 'postmaster.pid'), isAlive = pidIsAlive) {
  let lines;
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  return isAlive(pid) ? port : undefined;
}

/**
 * Where this checkout's cluster is or will listen: its running cluster's port; else the first free
 * port from `first` (only `first` when the port was named). A port that answers and is not this
 * checkout's is someone else's server.
 */
export async function chooseClusterPort({ running, first, named, answers, spare = SPARE_PORTS }) {
  if (running !== undefined) return running;
  const last = named ? first : first + spare;
  for (let port = first; port <= last; port += 1) if (!(await answers(port))) return port;
  throw new Error(
    named
      ? `TEST_POSTGRES_PORT ${first} answers, but not as this checkout's test cluster (${dataDir}): stop that server or name another port`
      : `no free port for the test PostgreSQL from ${first} to ${last}`,
  );
}

/** Test files run in parallel, and each may call this: only one of them sets the cluster up. */
async function withLock(work) {
  mkdirSync(dataRoot, { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch {
      let holder = NaN;
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        // written a moment after the folder
      }
      if (Number.isInteger(holder) && !pidIsAlive(holder)) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir} (held by pid ${holder})`);
      else await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

async function createTestDatabase(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

export async function waitUntilAccepting(url) {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/**
 * Makes sure a test PostgreSQL runs and holds the test database; sets TEST_POSTGRES_URL.
 * Resolves with { url, stop } (stop ends the cluster only if this call started it), or with
 * { skipped: reason } when PostgreSQL cannot be had here. In CI (CI set) it throws instead.
 * `install: false` never calls apt-get (for use inside a test run).
 */
export async function ensurePostgres({ install = true } = {}) {
  const fail = (reason) => {
    if (process.env.CI) throw new Error(`PostgreSQL tests cannot be skipped in CI: ${reason}`);
    return { skipped: reason };
  };
  let started = false;
  let binDir = findBinDir();
  if (!binDir && install) {
    const reason = await installDebianPackage('postgresql', 'the server tests');
    if (reason) return fail(reason);
    binDir = findBinDir();
  }
  if (!binDir) return fail('PostgreSQL binaries not found under /usr/lib/postgresql (set PG_BIN, or run `npm test` as root to install them)');

  let url;
  try {
    await withLock(async () => {
      const running = runningClusterPort();
      const port = await chooseClusterPort({ running, first: TEST_POSTGRES_PORT, named: Boolean(process.env.TEST_POSTGRES_PORT), answers: portAnswers });
      url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
      if (running !== undefined) return; // already running (an earlier run or another test file)
      if (!existsSync(join(dataDir, 'PG_VERSION'))) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
        if (process.getuid?.() === 0) chownSync(dataDir, ...postgresIds());
        const [command, args] = asServerUser(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
        const { code, output } = await capture(command, args);
        if (code !== 0) throw new Error(`initdb failed: ${output.trim()}`);
      }
      if (process.getuid?.() === 0 && !existsSync(logFile)) {
        writeFileSync(logFile, '');
        chownSync(logFile, ...postgresIds());
      }
      // Test data only: durability off makes the suite several times faster.
      const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
      const [command, args] = asServerUser(join(binDir, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      const { code, output } = await capture(command, args);
      if (code !== 0) throw new Error(`pg_ctl start failed: ${output.trim()} (log: ${logFile})`);
      started = true;
    });
    await waitUntilAccepting(url);
    await createTestDatabase(url);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  process.env.TEST_POSTGRES_URL = url;
  return {
    url,
    async stop() {
      if (!started) return;
      const [command, args] = asServerUser(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await capture(command, args);
    },
  };
}

export function postgresIds() {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('The postgres user does not exist (is the postgresql package installed?)');
  return [Number(uid), Number(gid)];
}

// `node scripts/lib/ensurePostgres.mjs` starts the test cluster by hand and prints its URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await ensurePostgres();
  console.log(result.url ?? `skipped: ${result.skipped}`);
}
