// Load figures, 1 vs 3 replicas behind HAProxy (issue 25): the cluster harness (scripts/lib/cluster.mjs:
// PostgreSQL, Redis, HAProxy, the devnet's chains) started once per replica count, the same routes
// loaded through the load balancer, the machine's load beside each figure. Not part of `npm test`.
// node --conditions=@cairn/source --import tsx bench/clusterLoad.ts [--replicas 1,3] [--seconds 20] [--connections 10] [--sign-ins 300]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildSiweMessage } from '@cairn/core/siwx';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { privateKeyToAccount } from 'viem/accounts';
import { startCluster, type RunningCluster } from '../scripts/lib/cluster.mjs';
import { autocannon } from './lib/autocannon.ts';
import { ensureAnchors } from './lib/installAnchors.ts';
import { toolsDir, toolVersionsDir } from './lib/paths.ts';
import { percentile } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    replicas: { type: 'string', default: '1,3' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    'sign-ins': { type: 'string', default: '300' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const signIns = Number(args['sign-ins']);
/** The fault suite's base port (28880) moved by 300, so both can run. */
const BASE_PORT = 29180;
const PROJECT = 'projectId=cairn-local&st=bench&sv=1';
const SIWX_DOMAIN = '127.0.0.1:5173';
const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
const log = (line: string) => console.log(`[cluster bench] ${line}`);

interface RouteLoad {
  route: string;
  replicas: number;
  requests: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  serverErrors: number;
  otherFailures: number;
  load: string;
  /** What the failed answers said (status and the start of the body), counted. */
  failures?: Record<string, number>;
  /** HAProxy's health checks during the load: failed, and replicas taken out. */
  failedChecks: number;
  downs: number;
  /** The slowest and the median /health answer of the first replica, asked directly every 250 ms during the load (ms). */
  healthMaxMs: number;
  healthP50Ms: number;
}

/** How often the health watch asks a replica's /health during a load. */
const HEALTH_WATCH_MS = 250;

/**
 * Watches the replicas' health while a load runs: HAProxy's counts of failed checks and of
 * replicas taken out, and how long the first replica's own /health takes to answer.
 */
function watchHealth(cluster: RunningCluster) {
  const before = cluster.balancer.replicaChecks();
  const times: number[] = [];
  let watching = true;
  const asking = (async () => {
    while (watching) {
      const sent = performance.now();
      await fetch(`${cluster.replicas[0]!.url}/health`).then((response) => response.arrayBuffer(), () => undefined);
      times.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_WATCH_MS));
    }
  })();
  return async () => {
    watching = false;
    await asking;
    const [start, end] = [await before, await cluster.balancer.replicaChecks()];
    const sum = (field: 'failed' | 'downs') => Object.keys(end).reduce((total, name) => total + end[name]![field] - (start[name]?.[field] ?? 0), 0);
    times.sort((a, b) => a - b);
    return { failedChecks: sum('failed'), downs: sum('downs'), healthMaxMs: times.at(-1) ?? 0, healthP50Ms: percentile(times, 50) };
  };
}

const loadNow = () => loadavg().map((value) => value.toFixed(1)).join(' / ');

async function loadRoute(cluster: RunningCluster, route: string, url: string, replicas: number): Promise<RouteLoad> {
  const before = loadNow();
  const health = watchHealth(cluster);
  const result = (await autocannon()({ url, connections, duration: seconds })) as Awaited<ReturnType<ReturnType<typeof autocannon>>> & { '5xx': number };
  return {
    ...(await health()),
    route,
    replicas,
    requests: result.requests.total,
    reqPerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    serverErrors: result['5xx'],
    otherFailures: result.errors + result.timeouts + result.non2xx - result['5xx'],
    load: `${before} → ${loadNow()}`,
  };
}

/** Sign-ins through the balancer: nonces fetched and messages signed first, then `connections` workers verify them. */
async function loadSignIns(cluster: RunningCluster, replicas: number): Promise<RouteLoad> {
  const base = cluster.url;
  const signed: string[] = [];
  for (let i = 0; i < signIns; i++) {
    const { nonce } = (await (await fetch(`${base}/auth/v1/nonce?${PROJECT}`)).json()) as { nonce: string };
    const message = buildSiweMessage({ domain: SIWX_DOMAIN, address: account.address, statement: 'Sign in to the cluster bench', uri: `http://${SIWX_DOMAIN}`, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
    signed.push(JSON.stringify({ message, signature: await account.signMessage({ message }) }));
  }
  const before = loadNow();
  const health = watchHealth(cluster);
  const latencies: number[] = [];
  let serverErrors = 0;
  let otherFailures = 0;
  const failures: Record<string, number> = {};
  const started = performance.now();
  const worker = async () => {
    for (let body = signed.pop(); body !== undefined; body = signed.pop()) {
      const sent = performance.now();
      const response = await fetch(`${base}/auth/v1/authenticate?${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await response.text();
      latencies.push(performance.now() - sent);
      if (response.status >= 500) serverErrors++;
      else if (!response.ok) otherFailures++;
      if (!response.ok) {
        const said = `${response.status} ${text.slice(0, 100)}`;
        failures[said] = (failures[said] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ...(await health()), route: 'sign-in verify', replicas, requests: latencies.length, reqPerS: latencies.length / elapsedS, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), serverErrors, otherFailures, load: `${before} → ${loadNow()}`, failures };
}

async function measure(replicas: number): Promise<RouteLoad[]> {
  log(`starting the cluster with ${replicas} replica(s)`);
  const cluster: RunningCluster = await startCluster({
    basePort: BASE_PORT,
    replicas,
    fresh: true,
    // Limits far above the load (one client is a crowd to them); logging as a replica runs in production.
    env: { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_PROJECT_PER_MINUTE: '100000000', NONCE_RATE_LIMIT_PER_MINUTE: '1000000', NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000' },
    log,
  });
  try {
    const address = TEST_ACCOUNTS[0]!.address;
    const routes = {
      'cached balance': `${cluster.url}/v1/account/${address}/balance?chainId=eip155:31337&currency=usd&${PROJECT}`,
      'history page': `${cluster.url}/v1/account/${address}/history?chainId=eip155:31337&limit=20&${PROJECT}`,
      'getWallets search': `${cluster.url}/getWallets?search=meta&page=1&entries=40&${PROJECT}`,
    };
    // The indexer (one replica holds the lease) has the account's history before anything is measured.
    for (let deadline = Date.now() + 120_000; ; ) {
      const { data } = (await (await fetch(routes['history page'])).json()) as { data?: unknown[] };
      if (data && data.length > 0) break;
      if (Date.now() > deadline) throw new Error('the history of test account 0 stayed empty for 120 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const results: RouteLoad[] = [];
    for (const [route, url] of Object.entries(routes)) {
      await autocannon()({ url, connections, duration: 1 });
      const measured = await loadRoute(cluster, route, url, replicas);
      log(`${replicas} replica(s), ${route}: ${measured.reqPerS.toFixed(0)} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms, 5xx ${measured.serverErrors}, failed health checks ${measured.failedChecks}, /health max ${measured.healthMaxMs.toFixed(0)} ms`);
      results.push(measured);
    }
    const signInLoad = await loadSignIns(cluster, replicas);
    log(`${replicas} replica(s), sign-in verify: ${signInLoad.reqPerS.toFixed(0)} /s, 5xx ${signInLoad.serverErrors}, failed health checks ${signInLoad.failedChecks}, /health max ${signInLoad.healthMaxMs.toFixed(0)} ms`);
    results.push(signInLoad);
    return results;
  } finally {
    await cluster.stop();
  }
}

await ensureAnchors(log, { from: toolVersionsDir, into: toolsDir, what: 'tools (autocannon)' });
const counts = args.replicas.split(',').map(Number);
const all: RouteLoad[] = [];
for (const replicas of counts) all.push(...(await measure(replicas)));

console.log(`\n${cpus().length} cores (${cpus()[0]?.model.trim()}), shared with the load generator, HAProxy, PostgreSQL, Redis and the chains; ${connections} connections, ${seconds} s per route; load average (1 / 5 / 15 min) before → after each run\n`);
console.log('| route | replicas | requests | req/s | p50 ms | p99 ms | 5xx | other failures | failed health checks | replicas taken out | /health p50 / max ms | load average |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of all) {
  console.log(
    `| ${row.route} | ${row.replicas} | ${row.requests} | ${row.reqPerS.toFixed(0)} | ${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.serverErrors} | ${row.otherFailures} | ${row.failedChecks} | ${row.downs} | ${row.healthP50Ms.toFixed(0)} / ${row.healthMaxMs.toFixed(0)} | ${row.load} |`,
  );
}
for (const row of all) for (const [said, count] of Object.entries(row.failures ?? {})) console.log(`${row.route}, ${row.replicas} replica(s): ${count} × ${said}`);
const first = counts[0]!;
for (const replicas of counts.slice(1)) {
  for (const row of all.filter((candidate) => candidate.replicas === replicas)) {
    const base = all.find((candidate) => candidate.replicas === first && candidate.route === row.route)!;
    console.log(`${row.route}: ${replicas} replicas ÷ ${first}: ${(row.reqPerS / base.reqPerS).toFixed(2)}x`);
  }
}
