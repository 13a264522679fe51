// The cluster (issue 25): the devnet's EVM chains, PostgreSQL, Redis and N identical server replicas
// behind HAProxy, all on 127.0.0.1. `npm run cluster` runs it in the foreground; the cluster
// suites drive it from a test (kill a replica, stop PostgreSQL or Redis, bring them back).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startClusterPostgres } from './clusterPostgres.mjs';
import { root } from './ensureInstall.mjs';
import { ensureRedis, startRedis } from './ensureRedis.mjs';
import { ensureHaproxy, startHaproxy } from './haproxy.mjs';
import { HOST, isPortFree } from './ports.mjs';

export const CHAIN_IDS = [31337, 31338];

/**
 * Where each part listens, from one base port: the load balancer on `base`, replica i on
 * base + i, chains on base + 10 and + 11, PostgreSQL on + 20, Redis on + 21, HAProxy's stats on + 22.
 */
export function clusterPorts(base, replicas = 3) {
  return {
    balancer: base,
    replicas: Array.from({ length: replicas }, (_, index) => base + 1 + index),
    chains: CHAIN_IDS.map((chainId, index) => ({ chainId, port: base + 10 + index })),
    postgres: base + 20,
    redis: base + 21,
    stats: base + 22,
  };
}

async function waitUntil(what, check, child, timeoutMs = 120_000, detail = () => '') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready ${detail()}`.trim());
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s ${detail()}`.trim());
    await sleep(100);
  }
}

const answers = (url) => async () => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.ok;
};

function stopChild(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
    if (signal !== 'SIGKILL') setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * Starts the cluster; resolves with its URLs and handles on each part. `fresh` starts from an
 * empty database; `env` adds server settings (limits, ...) to every replica. Every part stops
 * with `stop()`, and everything started is stopped when a start fails.
 */
export async function startCluster({ basePort = 8780, replicas = 3, dataDir = join(root, '.data', `cluster-${basePort}`), fresh = false, env = {}, log = () => {} } = {}) {
  const ports = clusterPorts(basePort, replicas);
  const all = [ports.balancer, ...ports.replicas, ...ports.chains.map((chain) => chain.port), ports.postgres, ports.redis, ports.stats];
  const taken = [];
  for (const port of all) if (!(await isPortFree(port))) taken.push(port);
  if (taken.length > 0) throw new Error(`Ports in use: ${taken.join(', ')} (is a cluster already running? choose another base port with CLUSTER_PORT)`);
  mkdirSync(dataDir, { recursive: true });

  const stops = [];
  const stop = async () => {
    for (const stopPart of stops.splice(0).reverse()) await stopPart().catch(() => undefined);
  };
  try {
    const redisInstall = await ensureRedis();
    if (redisInstall.skipped) throw new Error(redisInstall.skipped);
    const haproxyBinary = await ensureHaproxy();

    log('starting the devnet chains, PostgreSQL and Redis');
    const devnet = spawn(process.execPath, ['--conditions=@cairn/source', '--import', 'tsx', 'scripts/lib/clusterDevnet.ts'], {
      cwd: root,
      env: { ...process.env, CLUSTER_CHAIN_PORTS: ports.chains.map((chain) => `${chain.chainId}:${chain.port}`).join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    stops.push(() => stopChild(devnet));
    const announced = new Set();
    devnet.stdout.setEncoding('utf8').on('data', (text) => {
      for (const match of text.matchAll(/^chain (\d+): /gm)) announced.add(Number(match[1]));
    });
    const postgres = await startClusterPostgres({ dataDir, port: ports.postgres, fresh });
    stops.push(() => postgres.stop('fast').catch(() => undefined));
    const redis = { ...(await startRedis({ binary: redisInstall.binary, port: ports.redis })) };
    stops.push(() => redis.stop());
    await waitUntil('the devnet chains', async () => CHAIN_IDS.every((chainId) => announced.has(chainId)), devnet, 180_000);

    const chains = ports.chains.map(({ chainId, port }) => ({ chainId, url: `http://${HOST}:${port}` }));
    const replicaEnv = {
      ...process.env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      // The replicas see the visitor's address that HAProxy (on this machine) forwards.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The cluster serves the devnet: the WalletConnect relay is on, as with `npm start`.
      RELAY_ENABLED: 'true',
      ...Object.fromEntries(chains.flatMap(({ chainId, url }) => [[`RPC_URL_${chainId}`, url], [`RPC_WS_URL_${chainId}`, url.replace(/^http/, 'ws')]])),
      ...env,
    };
    const replicaHandles = ports.replicas.map((port, index) => replica(index + 1, port, replicaEnv, dataDir));
    stops.push(() => Promise.all(replicaHandles.map((handle) => handle.kill('SIGTERM'))));
    log(`starting ${replicas} server replicas`);
    // The first migrates the database; the others then start side by side and find it ready.
    await replicaHandles[0].start();
    await Promise.all(replicaHandles.slice(1).map((handle) => handle.start()));

    log('starting HAProxy');
    const balancer = await startHaproxy({
      binary: haproxyBinary,
      port: ports.balancer,
      statsPort: ports.stats,
      replicas: ports.replicas,
      dataDir,
      waitUntilUp: (child, stderr) => waitUntil('HAProxy', answers(`http://${HOST}:${ports.balancer}/health`), child, 30_000, () => stderr()),
    });
    stops.push(() => stopChild(balancer.child));
    return {
      url: balancer.url,
      ports,
      chains,
      replicas: replicaHandles,
      postgres,
      redis: {
        url: redis.url,
        stop: () => redis.stop(),
        async start() {
          Object.assign(redis, await startRedis({ binary: redisInstall.binary, port: ports.redis }));
        },
      },
      balancer,
      dataDir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One server replica: `start()` spawns it and waits for /health, `kill(signal)` ends it (SIGKILL: a crash). */
function replica(index, port, env, dataDir) {
  const handle = {
    index,
    port,
    url: `http://${HOST}:${port}`,
    child: undefined,
    async start() {
      const logFile = createWriteStream(join(dataDir, `replica${index}.log`), { flags: 'a' });
      const child = spawn(process.execPath, ['--conditions=@cairn/source', '--import', 'tsx', 'packages/server/src/cli.ts'], {
        cwd: root,
        env: { ...env, SERVER_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(logFile);
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
      child.stderr.pipe(logFile);
      handle.child = child;
      await waitUntil(`replica ${index}`, answers(`${handle.url}/health`), child, 120_000, () => stderr);
    },
    kill: (signal = 'SIGKILL') => (handle.child ? stopChild(handle.child, signal) : Promise.resolve()),
  };
  return handle;
}
