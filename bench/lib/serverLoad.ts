// Part 4 of the bench: the server under load on loopback (issue 6). See bench/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSiweMessage } from '@cairn/core/siwx';
import { startDevnet, TEST_ACCOUNTS } from '@cairn/devnet';
import { privateKeyToAccount } from 'viem/accounts';
import { autocannon } from './autocannon.ts';
import { BARE_FASTIFY_CASE, startBareFastifyFloor } from './bareFastifyFloor.ts';
import { startBenchServer, waitFor, type BenchServer } from './benchServer.ts';
import { percentile } from './stats.ts';
import { repoRoot, resultsDir } from './paths.ts';
import type { ServerCase, ServerResults } from './results.ts';

const HOST = '127.0.0.1';
/** Bench-only ports, apart from `npm start` (8545/8787), the tests (2xxxx) and the e2e stack. */
export const SERVER_BENCH_PORTS = { chain: 26545, server: 26787, backfillServer: 26788, floor: 26786 } as const;
export const CHAIN_ID = 31337;
export const PROJECT = 'projectId=cairn-local&st=bench&sv=1';
/** In the server's default SIWX_DOMAINS. */
const SIWX_DOMAIN = '127.0.0.1:5173';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Health {
  status: string;
  chains: { chainId: string; head: number | null; indexedBlock: number | null }[];
}
const health = async (url: string) => (await (await fetch(`${url}/health`)).json()) as Health;

/**
 * Rate limits far above what the load reaches, so every request is served and the limiter's own
 * cost is in the figures (one client on loopback would otherwise be a flood to refuse).
 */
export const UNREACHED_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_PROJECT_PER_MINUTE: '100000000',
  NONCE_RATE_LIMIT_PER_MINUTE: '1000000',
  NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000',
};
/** The per-IP and per-project limiters off (as behind a proxy that limits), for the comparison. */
export const NO_LIMITER = { ...UNREACHED_LIMITS, RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PROJECT_PER_MINUTE: '0' };

/** Server settings given on a command line as `KEY=value,KEY=value` (a bench variant's environment). */
export function settingsOf(pairs: string): Record<string, string> {
  return Object.fromEntries(pairs.split(',').map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1 || !/^[A-Z][A-Z_0-9]*$/.test(pair.slice(0, at))) throw new Error(`server settings are KEY=value pairs, comma-separated: ${pairs}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }));
}

/** The server on its own port and SQLite file, configured for the bench's one chain. */
const startServer = (port: number, databaseFile: string, limits: Record<string, string> = UNREACHED_LIMITS) =>
  startBenchServer(port, databaseFile, {
    [`RPC_URL_${CHAIN_ID}`]: `http://${HOST}:${SERVER_BENCH_PORTS.chain}`,
    ...limits,
    // The default log level (info, one JSON line per request) is kept: that is how the server runs.
  });

/** Waits for the server's health, then for its indexer to reach the head (the account's history not empty). */
export async function waitUntilIndexed(server: BenchServer, historyUrl: string): Promise<void> {
  // Several servers start side by side (the fast path's variants), each compiling its sources: on
  // two busy cores one took 24 s alone.
  await waitFor('server /health ok', async () => ((await health(server.url)).status === 'ok' ? true : undefined), server.child, 180_000);
  await waitFor(
    'indexer caught up (history of test account 0 not empty)',
    async () => {
      const h = await health(server.url);
      const chain = h.chains[0];
      if (!chain || chain.head === null || chain.indexedBlock === null || chain.indexedBlock < chain.head) return undefined;
      const { data } = (await (await fetch(historyUrl)).json()) as { data: unknown[] };
      return data.length > 0 ? true : undefined;
    },
    server.child,
    60_000,
  );
}


async function load(name: string, url: string, connections: number, durationS: number): Promise<ServerCase> {
  const result = await autocannon()({ url, connections, duration: durationS, pipelining: 1 });
  return {
    name,
    path: new URL(url).pathname + new URL(url).search,
    method: 'load',
    connections,
    durationS: result.duration,
    requests: result.requests.total,
    reqPerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Sign-in verify: each nonce is good once, so the nonces are fetched and the EIP-4361 messages
 * signed first (viem, test account 0), then the authenticate calls are timed one after another.
 */
async function signInLoop(url: string, count: number): Promise<ServerCase> {
  const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
  const signed: { message: string; signature: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { nonce } = (await (await fetch(`${url}/auth/v1/nonce?${PROJECT}`)).json()) as { nonce: string };
    const message = buildSiweMessage({
      domain: SIWX_DOMAIN,
      address: account.address,
      statement: 'Sign in to the Cairn bench',
      uri: `http://${SIWX_DOMAIN}`,
      version: '1',
      chainId: CHAIN_ID,
      nonce,
      issuedAt: new Date().toISOString(),
    });
    signed.push({ message, signature: await account.signMessage({ message }) });
  }
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  for (const body of signed) {
    const t0 = performance.now();
    const response = await fetch(`${url}/auth/v1/authenticate?${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, projectId: 'cairn-local' }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (response.status < 200 || response.status > 299) non2xx++;
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: 'sign-in verify (EIP-4361, EOA)',
    path: '/auth/v1/authenticate',
    method: 'sequential',
    connections: 1,
    durationS: elapsed,
    requests: count,
    reqPerS: count / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors: 0,
    non2xx,
  };
}

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(`http://${HOST}:${SERVER_BENCH_PORTS.chain}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const { result, error } = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (error) throw new Error(`${method}: ${error.message}`);
  return result;
}

export interface ServerLoadOptions {
  connections: number;
  durationS: number;
  signIns: number;
  backfillBlocks: number;
  log: (line: string) => void;
}

/**
 * Starts a devnet chain and the server (child processes) on bench-only ports, measures the four
 * routes, then the indexer's backfill of `backfillBlocks` fresh blocks with a fresh database.
 * Everything started here is stopped before it returns or throws.
 */
export async function measureServer({ connections, durationS, signIns, backfillBlocks, log }: ServerLoadOptions): Promise<ServerResults> {
  const dataDir = join(resultsDir, 'server');
  mkdirSync(dataDir, { recursive: true });
  log(`server: devnet chain ${CHAIN_ID} on ${SERVER_BENCH_PORTS.chain}`);
  const devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID, port: SERVER_BENCH_PORTS.chain }] });
  const stops: (() => Promise<void>)[] = [];
  try {
    const server = startServer(SERVER_BENCH_PORTS.server, join(dataDir, `cairn-${SERVER_BENCH_PORTS.server}.sqlite`));
    stops.push(server.stop);
    const { url } = server;
    const address = TEST_ACCOUNTS[0]!.address;
    const historyUrl = `${url}/v1/account/${address}/history?chainId=eip155:${CHAIN_ID}&limit=20&${PROJECT}`;
    await waitUntilIndexed(server, historyUrl);
    const cases = {
      balance: `${url}/v1/account/${address}/balance?chainId=eip155:${CHAIN_ID}&currency=usd&${PROJECT}`,
      history: historyUrl,
      wallets: `${url}/getWallets?search=meta&page=1&entries=40&${PROJECT}`,
    };
    // Warm-up: caches filled, JIT warmed, a second of load on each route.
    for (const target of Object.values(cases)) {
      const response = await fetch(target);
      if (!response.ok) throw new Error(`${target}: ${response.status} ${await response.text()}`);
    }
    for (const target of Object.values(cases)) await autocannon()({ url: target, connections, duration: 1 });

    const results: ServerCase[] = [];
    const labels = { balance: 'cached balance', history: 'history page (20 transactions)', wallets: 'getWallets search "meta"' } as const;
    for (const [id, target] of Object.entries(cases) as [keyof typeof cases, string][]) {
      // The balance is cached 30 s: refill it right before its run so no expiry falls inside it.
      if (id === 'balance') await fetch(target);
      log(`server: ${labels[id]}, ${connections} connections for ${durationS} s`);
      const measured = await load(labels[id], target, connections, durationS);
      log(`server: ${labels[id]}: ${measured.reqPerS.toFixed(0)} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms`);
      results.push(measured);
    }
    // Issue 29: the floor under the cached balance, in the same run: a bare Fastify returning the
    // same bytes, with the same content type, under the same load.
    const cachedAnswer = await fetch(cases.balance);
    const floorAnswer = { method: 'GET' as const, body: await cachedAnswer.text(), contentType: cachedAnswer.headers.get('content-type') ?? 'application/json' };
    const floor = await startBareFastifyFloor(SERVER_BENCH_PORTS.floor, floorAnswer);
    stops.push(floor.stop);
    await autocannon()({ url: floor.url, connections, duration: 1 });
    log(`server: bare Fastify floor (the cached balance's ${Buffer.byteLength(floorAnswer.body)} bytes), ${connections} connections for ${durationS} s`);
    const floorCase = await load(BARE_FASTIFY_CASE, floor.url, connections, durationS);
    log(`server: bare Fastify floor: ${floorCase.reqPerS.toFixed(0)} req/s, p50 ${floorCase.p50Ms} ms, p99 ${floorCase.p99Ms} ms`);
    results.push(floorCase);
    await floor.stop();
    const floorBytes = Buffer.byteLength(floorAnswer.body);

    log(`server: sign-in verify, ${signIns} nonce + signed message pairs, authenticated one after another`);
    results.push(await signInLoop(url, signIns));
    const stopping = performance.now();
    await server.stop();
    log(`server: stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);

    // The rate limiter's cost: the cached balance again, on a server with the limiters off.
    const unlimited = startServer(SERVER_BENCH_PORTS.server, join(dataDir, `cairn-${SERVER_BENCH_PORTS.server}-nolimit.sqlite`), NO_LIMITER);
    stops.push(unlimited.stop);
    await waitUntilIndexed(unlimited, historyUrl);
    await fetch(cases.balance);
    await autocannon()({ url: cases.balance, connections, duration: 1 });
    await fetch(cases.balance);
    log(`server: cached balance without the rate limiter, ${connections} connections for ${durationS} s`);
    const withoutLimiter = await load('cached balance, rate limiter off', cases.balance, connections, durationS);
    log(`server: cached balance, rate limiter off: ${withoutLimiter.reqPerS.toFixed(0)} req/s, p50 ${withoutLimiter.p50Ms} ms, p99 ${withoutLimiter.p99Ms} ms`);
    results.push(withoutLimiter);
    await unlimited.stop();

    // Backfill: fresh blocks on the chain, then a server with an empty database indexes from 0.
    log(`server: backfill, mining ${backfillBlocks} blocks and starting a server with an empty database`);
    const mineStarted = performance.now();
    await rpc('anvil_mine', [`0x${backfillBlocks.toString(16)}`]);
    log(`server: mined ${backfillBlocks} blocks in ${((performance.now() - mineStarted) / 1000).toFixed(1)} s`);
    const head = Number(BigInt((await rpc('eth_blockNumber', [])) as string));
    const spawned = performance.now();
    const fresh = startServer(SERVER_BENCH_PORTS.backfillServer, join(dataDir, `cairn-${SERVER_BENCH_PORTS.backfillServer}.sqlite`));
    stops.push(fresh.stop);
    const first = await waitFor(
      'backfill server up',
      async () => {
        const h = await health(fresh.url);
        return h.chains[0] ? { at: performance.now(), indexed: h.chains[0].indexedBlock ?? -1 } : undefined;
      },
      fresh.child,
      60_000,
    );
    const done = await waitFor(
      `backfill to block ${head}`,
      async () => ((((await health(fresh.url)).chains[0]?.indexedBlock ?? -1) >= head ? performance.now() : undefined)),
      fresh.child,
      600_000,
    );
    await fresh.stop();
    const blocks = head - Math.max(first.indexed, 0);
    const backfill = {
      blocks: head + 1,
      headBlock: head,
      indexedAtFirstAnswer: first.indexed,
      startupMs: first.at - spawned,
      indexMs: done - first.at,
      blocksPerS: blocks / ((done - first.at) / 1000),
      blocksPerSIncludingStartup: (head + 1) / ((done - spawned) / 1000),
    };
    log(`server: backfill of ${head + 1} blocks: ${backfill.blocksPerS.toFixed(0)} blocks/s once up (${(backfill.indexMs / 1000).toFixed(1)} s)`);
    return { connections, durationS, cases: results, floorBytes, backfill, ports: { ...SERVER_BENCH_PORTS } };
  } finally {
    for (const stop of stops) await stop();
    await devnet.stop();
  }
}
