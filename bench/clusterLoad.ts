// Load figures, 1 vs 3 replicas behind HAProxy (issue 25): the cluster harness (scripts/lib/cluster.mjs:
// PostgreSQL, Redis, HAProxy, the devnet's chains) started once per replica count, the same routes
// loaded through the load balancer at a fixed rate each, all at once, the machine's load beside each
// figure. Not part of `npm test`.
// node --conditions=@cairn/source --import tsx bench/clusterLoad.ts [--replicas 1,3] [--seconds 60] [--connections 20] [--rates balance=40,history=8,wallets=20,signin=4]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { startCluster, type RunningCluster } from '../scripts/lib/cluster.mjs';
import { signedSignIns } from '../scripts/cluster/clusterClient.ts';
import { autocannon } from './lib/autocannon.ts';
import { ensureAnchors } from './lib/installAnchors.ts';
import { toolsDir, toolVersionsDir } from './lib/paths.ts';
import { percentile } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    replicas: { type: 'string', default: '1,3' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '20' },
    rates: { type: 'string', default: 'balance=40,history=8,wallets=20,signin=4' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
/** Requests per second offered to each route (autocannon's overallRate), all routes at once. */
const rates = Object.fromEntries(args.rates.split(',').map((pair) => pair.split('=')).map(([route, rate]) => [route, Number(rate)])) as Record<'balance' | 'history' | 'wallets' | 'signin', number>;
for (const route of ['balance', 'history', 'wallets', 'signin'] as const) if (!(rates[route]! > 0)) throw new Error(`--rates needs a rate above 0 for ${route}`);
/** The fault suite's base port (28880) moved by 300, so both can run. */
const BASE_PORT = 29180;
const PROJECT = 'projectId=cairn-local&st=bench&sv=1';
const log = (line: string) => console.log(`[cluster bench] ${line}`);

interface RouteLoad {
  route: string;
  replicas: number;
  /** The rate offered (req/s). */
  offered: number;
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

type Loaded = { route: string; rate: number; url: string; method?: string; bodies?: string[] };

/** One route at its fixed rate for `seconds`; sign-ins take one prepared body each (a nonce is used once). */
async function loadRoute({ route, rate, url, method = 'GET', bodies }: Loaded, replicas: number): Promise<Omit<RouteLoad, 'failedChecks' | 'downs' | 'healthMaxMs' | 'healthP50Ms' | 'load'>> {
  const failures: Record<string, number> = {};
  const result = (await autocannon()({
    url,
    method,
    connections,
    duration: seconds,
    overallRate: rate,
    ...(bodies
      ? {
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (request: object) => ({ ...request, body: bodies.pop() ?? '{}' }) }],
        }
      : {}),
  })) as Awaited<ReturnType<ReturnType<typeof autocannon>>> & { '5xx': number; statusCodeStats?: Record<string, { count: number }> };
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) if (!status.startsWith('2')) failures[status] = count;
  return {
    route,
    replicas,
    offered: rate,
    requests: result.requests.total,
    reqPerS: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    serverErrors: result['5xx'],
    otherFailures: result.errors + result.timeouts + result.non2xx - result['5xx'],
    failures,
  };
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
    // Enough signed sign-ins for the run, each on its own nonce (fetched 50 at a time before the load).
    const signInBodies = (await signedSignIns(cluster.url, Math.ceil(rates.signin * seconds * 1.1), 50)).map((signIn) => signIn.body).reverse();
    const loads: Loaded[] = [
      { route: 'cached balance', rate: rates.balance, url: routes['cached balance'] },
      { route: 'history page', rate: rates.history, url: routes['history page'] },
      { route: 'getWallets search', rate: rates.wallets, url: routes['getWallets search'] },
      { route: 'sign-in verify', rate: rates.signin, url: `${cluster.url}/auth/v1/authenticate?${PROJECT}`, method: 'POST', bodies: signInBodies },
    ];
    for (const { url } of loads.slice(0, 3)) await autocannon()({ url, connections: 2, amount: 20 });
    const before = loadNow();
    const health = watchHealth(cluster);
    const measured = await Promise.all(loads.map((loaded) => loadRoute(loaded, replicas)));
    const watched = await health();
    const load = `${before} → ${loadNow()}`;
    const results: RouteLoad[] = measured.map((row) => ({ ...row, ...watched, load }));
    for (const row of results) log(`${replicas} replica(s), ${row.route}: ${row.reqPerS.toFixed(1)} of ${row.offered} req/s offered, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, 5xx ${row.serverErrors}, other failures ${row.otherFailures}`);
    log(`failed health checks ${watched.failedChecks}, replicas taken out ${watched.downs}, /health max ${watched.healthMaxMs.toFixed(0)} ms, load ${load}`);
    return results;
  } finally {
    await cluster.stop();
  }
}

await ensureAnchors(log, { from: toolVersionsDir, into: toolsDir, what: 'tools (autocannon)' });
const counts = args.replicas.split(',').map(Number);
const all: RouteLoad[] = [];
for (const replicas of counts) all.push(...(await measure(replicas)));

console.log(`\n${cpus().length} cores (${cpus()[0]?.model.trim()}), shared with the load generator, HAProxy, PostgreSQL, Redis and the chains; the four routes at once, each at its fixed rate (autocannon overallRate, ${connections} connections each) for ${seconds} s; load average (1 / 5 / 15 min) before → after each run\n`);
console.log('| route | replicas | offered req/s | requests | req/s | p50 ms | p99 ms | 5xx | other failures | failed health checks | replicas taken out | /health p50 / max ms | load average |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of all) {
  console.log(
    `| ${row.route} | ${row.replicas} | ${row.offered} | ${row.requests} | ${row.reqPerS.toFixed(1)} | ${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.serverErrors} | ${row.otherFailures} | ${row.failedChecks} | ${row.downs} | ${row.healthP50Ms.toFixed(0)} / ${row.healthMaxMs.toFixed(0)} | ${row.load} |`,
  );
}
for (const row of all) for (const [said, count] of Object.entries(row.failures ?? {})) console.log(`${row.route}, ${row.replicas} replica(s): ${count} × ${said}`);
const first = counts[0]!;
for (const replicas of counts.slice(1)) {
  for (const row of all.filter((candidate) => candidate.replicas === replicas)) {
    const base = all.find((candidate) => candidate.replicas === first && candidate.route === row.route)!;
    console.log(`${row.route}: ${replicas} replicas ÷ ${first}: ${(row.reqPerS / base.reqPerS).toFixed(2)}x the req/s, p50 ${(row.p50Ms / base.p50Ms).toFixed(2)}x, p99 ${(row.p99Ms / base.p99Ms).toFixed(2)}x`);
  }
}
