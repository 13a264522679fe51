// Redis for the server's tests (and for anyone running replicas here): Debian's redis-server,
// installed when absent, started privately on a free 127.0.0.1 port with persistence off, so it
// never meets a Redis the machine already runs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { installDebianPackage } from './debianPackage.mjs';

const BINARY_PATHS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

function findRedisServer() {
  if (process.env.REDIS_SERVER_BIN && existsSync(process.env.REDIS_SERVER_BIN)) return process.env.REDIS_SERVER_BIN;
  return BINARY_PATHS.find((path) => existsSync(path));
}

/**
 * Makes sure redis-server is installed (apt-get as root, unless `install: false`). Resolves with
 * { binary } or { skipped: reason }; in CI (CI set) it throws rather than skip.
 */
export async function ensureRedis({ install = true } = {}) {
  let binary = findRedisServer();
  if (!binary && install) {
    const reason = await installDebianPackage('redis-server', 'the server tests');
    if (reason) {
      if (process.env.CI) throw new Error(`Redis tests cannot be skipped in CI: ${reason}`);
      return { skipped: reason };
    }
    binary = findRedisServer();
  }
  if (!binary) {
    const reason = 'redis-server not found (run `npm test` as root to install it, or set REDIS_SERVER_BIN)';
    if (process.env.CI) throw new Error(`Redis tests cannot be skipped in CI: ${reason}`);
    return { skipped: reason };
  }
  return { binary };
}

/** A port nothing listens on right now (the kernel's pick). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a private redis-server (in memory only) on `port`, or a free one; resolves once it
 * answers PING with { url, port, stop() }. `stop()` kills it; starting again on the same port
 * brings back an empty Redis (what a restarted Redis without persistence is).
 */
export async function startRedis({ binary, port } = {}) {
  const server = binary ?? findRedisServer();
  if (!server) throw new Error('redis-server not found (ensureRedis installs it)');
  const chosen = port ?? (await freePort());
  const child = spawn(server, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(chosen))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${stderr.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${chosen} within 10 s: ${stderr.trim()}`);
    }
    await sleep(20);
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

// `node scripts/lib/ensureRedis.mjs` installs redis-server if needed and prints where it is.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await ensureRedis();
  console.log(result.binary ?? `skipped: ${result.skipped}`);
}
