// The cluster's own PostgreSQL (`npm run cluster` and the cluster suites): Debian's binaries, a data
// folder of its own and a port of its own, apart from the tests' shared instance (ensurePostgres),
// so stopping it to test a database outage touches nothing else.
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture, installDebianPackage } from './debianPackage.mjs';
import { asServerUser, findBinDir, portAnswers, postgresIds, waitUntilAccepting } from './ensurePostgres.mjs';

const DATABASE = 'cairn';

/**
 * Initialises (first time) and starts PostgreSQL in `dataDir` on 127.0.0.1:`port`; `fresh` drops
 * the database first. Resolves with its URL and stop (`fast`, or `immediate`: a crash) and start.
 */
export async function startClusterPostgres({ dataDir, port, fresh = false }) {
  let binDir = findBinDir();
  if (!binDir) {
    const reason = await installDebianPackage('postgresql', 'the cluster');
    if (reason) throw new Error(reason);
    binDir = findBinDir();
    if (!binDir) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql after installing them');
  }
  const asRoot = process.getuid?.() === 0;
  const pgDir = join(dataDir, 'pg');
  const logFile = join(dataDir, 'pg.log');
  const run = async (tool, args) => {
    const [command, commandArgs] = asServerUser(join(binDir, tool), args);
    const { code, output } = await capture(command, commandArgs);
    if (code !== 0) throw new Error(`${tool} failed: ${output.trim()} (log: ${logFile})`);
  };
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    rmSync(pgDir, { recursive: true, force: true });
    mkdirSync(pgDir, { recursive: true });
    if (asRoot) chownSync(pgDir, ...postgresIds());
    await run('initdb', ['-D', pgDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8']);
  }
  if (!existsSync(logFile)) writeFileSync(logFile, '');
  if (asRoot) chownSync(logFile, ...postgresIds());
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  // Durable (fsync on): a crash of the cluster's PostgreSQL must lose nothing it acknowledged.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200`;
  const start = async () => {
    if (await portAnswers(port)) throw new Error(`Port ${port} (cluster PostgreSQL) is already in use`);
    await run('pg_ctl', ['-D', pgDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    await waitUntilAccepting(serverUrl);
  };
  const stop = async (mode = 'fast') => run('pg_ctl', ['-D', pgDir, '-m', mode, '-w', 'stop']);
  await start();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return { url, port, start, stop };
}
