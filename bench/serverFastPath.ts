// The fast path (issue 25): CPU per cached balance request against a bare Fastify serving the
// same bytes, in alternating runs of one process each. See bench/README.md ("Fast path").
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevnet, TEST_ACCOUNTS } from '@cairn/devnet';
import { autocannon } from './lib/autocannon.ts';
import { startBareFastifyFloor } from './lib/bareFastifyFloor.ts';
import { startBenchServer, waitFor, type BenchServer } from './lib/benchServer.ts';
import { ensureAnchors } from './lib/installAnchors.ts';
import { repoRoot, resultsDir, toolsDir, toolVersionsDir } from './lib/paths.ts';
import { mainThreadProfile, monotonicMicros, selfTimes, type ClockWindow } from './lib/cpuProfileSummary.ts';
import { mainThreadCpuTimes, mainThreadScheduling, processCpuTimes, type CpuTimes } from './lib/processCpu.ts';
import { CHAIN_ID, NO_LIMITER, PROJECT, UNREACHED_LIMITS, settingsOf, waitUntilIndexed } from './lib/serverLoad.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    /**
     * The rates offered, req/s over all connections (autocannon's overallRate), each measured in the
     * same rounds: `max` (as fast as each process answers), or a number. A fixed rate under a
     * process's maximum sets how many requests one wake-up of its event loop finds, whatever the
     * machine's load: `--rates max,2000,500`.
     */
    rates: { type: 'string', default: 'max' },
    /** Also run the server without its rate limiters (RATE_LIMIT_PER_MINUTE=0), as a third case. */
    'no-limiter': { type: 'boolean', default: false },
    /** Write a V8 CPU profile of the server (node --cpu-prof) into bench/results/fastpath/. */
    'cpu-prof': { type: 'boolean', default: false },
    /**
     * Also measure another copy of the server's sources, in the same rounds: a folder inside the
     * repository holding its packages/server (e.g. `git archive <commit> packages/server | tar -x -C
     * .scratch/base`), so a change is judged against what it changed under the same load. May be
     * given more than once (several variants side by side).
     */
    compare: { type: 'string', multiple: true },
    /**
     * Also measure the same server started with these node flags (space-separated), in the same
     * rounds: e.g. `--node-flags=--max-semi-space-size=1` (V8's heap settings, issue 25, s22). May
     * be given more than once.
     */
    'node-flags': { type: 'string', multiple: true },
    /** The same for the floor: another bare Fastify started with these node flags, measured beside the usual one. */
    'floor-flags': { type: 'string', multiple: true },
    /**
     * Also run the bare Fastify floor inside the measured server's own process (bench/lib/inProcessFloor.ts:
     * the same modules, heap and timers) and alone, started as the server is (tsx, production): what
     * the larger process costs a request none of Cairn's code touches (issue 25, s20).
     */
    'in-process-floor': { type: 'boolean', default: false },
    /**
     * Also measure the built server (`node packages/server/dist/cli.js`, what the published
     * `cairn-server` bin runs: no tsx loader, the packages' dist builds; `npm run build` first)
     * beside the sources through tsx, in the same rounds (issue 25, s27).
     */
    built: { type: 'boolean', default: false },
    /**
     * Also measure the same server with these settings added to its environment (comma-separated
     * KEY=value), in the same rounds: parts of the process taken out one at a time, e.g.
     * `--env INDEXER_ENABLED=false` or `--env RELAY_ENABLED=false` (issue 25, s27). May be given more than once.
     */
    env: { type: 'string', multiple: true },
  },
});
const runs = Number(args.runs);
/** The built server's entry (the package's bin). */
const BUILT_SERVER = 'packages/server/dist/cli.js';
if (args.built && !existsSync(join(repoRoot, BUILT_SERVER))) throw new Error(`--built runs ${BUILT_SERVER}: run \`npm run build\` first`);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const rates = args.rates.split(',').map((rate) => (rate === 'max' ? undefined : Number(rate)));
if (rates.some((rate) => rate !== undefined && !(rate > 0))) throw new Error(`--rates takes max or positive numbers, comma-separated: ${args.rates}`);
/** A case's name at an offered rate: what the tables list. */
const atRate = (name: string, rate: number | undefined) => (rate === undefined ? name : `${name} at ${rate} req/s`);
// The server part's ports moved by 300, so this runs beside it.
// The compared copies take 26889 and the ports after it.
const PORTS = { chain: 26845, server: 26887, unlimited: 26888, compared: 26889, flagged: 26879, flaggedFloor: 26869, floor: 26886, floorInServer: 26885, floorAlone: 26884, built: 26883, withEnv: 26859 } as const;
/** The file the in-process floors read the answer's bytes from (known once the server answered). */
const floorBodyFile = join(resultsDir, 'fastpath', 'in-process-floor-body.json');
const dir = join(resultsDir, 'fastpath');
mkdirSync(dir, { recursive: true });
const log = (line: string) => console.log(`[fastpath] ${line}`);
/** How many of the server's costliest functions the profile table lists. */
const PROFILE_ROWS = 40;

interface Measured {
  reqPerS: number;
  requests: number;
  cpuMicrosPerRequest: number;
  /** Of cpuMicrosPerRequest: the kernel's part (system time), and the main thread's (the rest is other threads': GC helpers, libuv's pool). */
  systemMicrosPerRequest: number;
  mainThreadMicrosPerRequest: number;
  failed: number;
  /** Times the main thread was put on a core, per request: after a wait for work or after a preemption. */
  wakeUpsPerRequest: number;
  /** Of the wake-ups, how many followed a wait (the loop had nothing to do), and how many a preemption. */
  waitsPerRequest: number;
  preemptionsPerRequest: number;
  /** The idle CPU subtracted, per request: what background work weighs at this run's rate. */
  idleMicrosPerRequest: number;
  /** When the run went, on the clock of the CPU profiles' samples. */
  window: ClockWindow;
}

/** CPU a process uses per second while nothing loads it (its indexer's polling, timers), whole and its main thread's. */
interface Idle {
  micros: number;
  mainThreadMicros: number;
}
/** How long each process's idle CPU is read, all of them side by side, before the runs. */
const IDLE_READ_MS = 3_000;

const spent = (after: CpuTimes, from: CpuTimes) => after.user + after.system - from.user - from.system;

async function measureIdle(pids: number[]): Promise<Idle[]> {
  const before = pids.map((pid) => [processCpuTimes(pid), mainThreadCpuTimes(pid)] as const);
  await new Promise((resolve) => setTimeout(resolve, IDLE_READ_MS));
  return pids.map((pid, i) => ({
    micros: spent(processCpuTimes(pid), before[i]![0]) / (IDLE_READ_MS / 1000),
    mainThreadMicros: spent(mainThreadCpuTimes(pid), before[i]![1]) / (IDLE_READ_MS / 1000),
  }));
}

/**
 * One autocannon run against `url` while reading the CPU time of the process `pid` that answers,
 * less what it spends idle in as long (at a few hundred requests a second on a busy machine, a
 * server's background work was most of its CPU per request).
 */
async function measure(url: string, pid: number, idle: Idle, rate: number | undefined): Promise<Measured> {
  const before = processCpuTimes(pid);
  const mainBefore = mainThreadCpuTimes(pid);
  const scheduledBefore = mainThreadScheduling(pid);
  const start = monotonicMicros();
  const result = await autocannon()({ url, connections, duration: seconds, ...(rate === undefined ? {} : { overallRate: rate }) });
  const window = [start, monotonicMicros()] as const;
  const elapsedS = (window[1] - window[0]) / 1e6;
  const after = processCpuTimes(pid);
  const scheduledAfter = mainThreadScheduling(pid);
  const requests = result.requests.total;
  return {
    wakeUpsPerRequest: (scheduledAfter.slices - scheduledBefore.slices) / requests,
    waitsPerRequest: (scheduledAfter.waits - scheduledBefore.waits) / requests,
    preemptionsPerRequest: (scheduledAfter.preemptions - scheduledBefore.preemptions) / requests,
    idleMicrosPerRequest: (idle.micros * elapsedS) / requests,
    window,
    reqPerS: result.requests.average,
    requests,
    cpuMicrosPerRequest: (spent(after, before) - idle.micros * elapsedS) / requests,
    systemMicrosPerRequest: (after.system - before.system) / requests,
    mainThreadMicrosPerRequest: (spent(mainThreadCpuTimes(pid), mainBefore) - idle.mainThreadMicros * elapsedS) / requests,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

await ensureAnchors(log, { from: toolVersionsDir, into: toolsDir, what: 'tools (autocannon)' });
const loadAtStart = loadavg();
const devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID, port: PORTS.chain }] });
const stops: (() => Promise<void>)[] = [];
/** What is measured: each server, then the floor, with the port its profiles are kept under. */
const cases: { name: string; url: string; pid: number; port: number }[] = [];
const measured = new Map<string, Measured[]>();
/** The rate offered to each of `measured`'s names (undefined: as fast as it answers). */
const rateOf = new Map<string, number | undefined>();
try {
  const settings = { [`RPC_URL_${CHAIN_ID}`]: `http://127.0.0.1:${PORTS.chain}` };
  // Each process's profiles in a folder of its own (bench/results/fastpath/<port>/), the floor's too.
  const nodeOptions = (port: number) => {
    if (!args['cpu-prof']) return [];
    rmSync(join(dir, String(port)), { recursive: true, force: true });
    return ['--cpu-prof', `--cpu-prof-dir=${join(dir, String(port))}`];
  };
  const start = (port: number, limits: Record<string, string>, entry?: string, preloads: string[] = [], flags: string[] = []) => {
    const server = startBenchServer(port, join(dir, `cairn-${port}.sqlite`), { ...settings, ...limits }, [...flags, ...nodeOptions(port)], entry, preloads);
    stops.push(server.stop);
    return server;
  };
  rmSync(floorBodyFile, { force: true });
  const inProcessFloor = (port: number) => ({ IN_PROCESS_FLOOR_PORT: String(port), IN_PROCESS_FLOOR_BODY: floorBodyFile });
  const address = TEST_ACCOUNTS[0]!.address;
  const path = `/v1/account/${address}/balance?chainId=eip155:${CHAIN_ID}&currency=usd&${PROJECT}`;
  const withFloorInside = args['in-process-floor'];
  const servers: [string, BenchServer, number][] = [
    ['cached balance', withFloorInside ? start(PORTS.server, { ...UNREACHED_LIMITS, ...inProcessFloor(PORTS.floorInServer) }, undefined, ['./bench/lib/inProcessFloor.ts']) : start(PORTS.server, UNREACHED_LIMITS), PORTS.server],
  ];
  if (args.built) servers.push(['cached balance, built (node dist/cli.js)', start(PORTS.built, UNREACHED_LIMITS, BUILT_SERVER), PORTS.built]);
  if (args['no-limiter']) servers.push(['cached balance, rate limiter off', start(PORTS.unlimited, NO_LIMITER), PORTS.unlimited]);
  (args.compare ?? []).forEach((folder, i) => {
    const port = PORTS.compared + i;
    servers.push([`cached balance, ${folder}`, start(port, UNREACHED_LIMITS, join(folder, 'packages/server/src/cli.ts')), port]);
  });
  (args['node-flags'] ?? []).forEach((flags, i) => {
    const port = PORTS.flagged - i;
    servers.push([`cached balance, node ${flags}`, start(port, UNREACHED_LIMITS, undefined, [], flags.split(' ').filter(Boolean)), port]);
  });
  (args.env ?? []).forEach((pairs, i) => {
    const port = PORTS.withEnv - i;
    servers.push([`cached balance, ${pairs}`, start(port, { ...UNREACHED_LIMITS, ...settingsOf(pairs) }), port]);
  });
  for (const [, server] of servers) {
    // A server without its indexer has no history to wait for: its health is enough.
    if (server.settings.INDEXER_ENABLED === 'false') await waitFor('server /health answered', async () => ((await fetch(`${server.url}/health`)).status < 500 ? true : undefined), server.child, 180_000);
    else await waitUntilIndexed(server, `${server.url}/v1/account/${address}/history?chainId=eip155:${CHAIN_ID}&limit=20&${PROJECT}`);
  }

  const answer = await fetch(`${servers[0]![1].url}${path}`);
  const body = await answer.text();
  const floor = await startBareFastifyFloor(PORTS.floor, { method: 'GET', body, contentType: answer.headers.get('content-type') ?? 'application/json' }, nodeOptions(PORTS.floor));
  stops.push(floor.stop);
  writeFileSync(floorBodyFile, body);
  const floorCases: typeof cases = [];
  for (const [i, flags] of (args['floor-flags'] ?? []).entries()) {
    const port = PORTS.flaggedFloor - i;
    const flagged = await startBareFastifyFloor(port, { method: 'GET', body, contentType: answer.headers.get('content-type') ?? 'application/json' }, [...flags.split(' ').filter(Boolean), ...nodeOptions(port)]);
    stops.push(flagged.stop);
    floorCases.push({ name: `bare Fastify, node ${flags}`, url: flagged.url, pid: flagged.pid, port });
  }
  if (withFloorInside) {
    const alone = start(PORTS.floorAlone, { ...inProcessFloor(PORTS.floorAlone), IN_PROCESS_FLOOR_ALONE: '1' }, 'bench/lib/inProcessFloor.ts');
    await waitFor('the floor alone, started as the server', async () => ((await fetch(`${alone.url}/`)).ok ? true : undefined), alone.child, 60_000);
    floorCases.push(
      { name: "bare Fastify inside the server's process", url: `http://127.0.0.1:${PORTS.floorInServer}/`, pid: servers[0]![1].child.pid!, port: PORTS.server },
      { name: 'bare Fastify alone, started as the server (tsx, production)', url: `${alone.url}/`, pid: alone.child.pid!, port: PORTS.floorAlone },
    );
  }
  cases.push(
    ...servers.map(([name, server, port]) => ({ name, url: `${server.url}${path}`, pid: server.child.pid!, port })),
    ...floorCases,
    { name: 'bare Fastify, the same bytes', url: floor.url, pid: floor.pid, port: PORTS.floor },
  );
  log(`${Buffer.byteLength(body)} bytes; warm-up, then ${runs} alternating runs of ${seconds} s, ${connections} connections`);
  for (const { url } of cases) await autocannon()({ url, connections, duration: 2 });
  const idle = await measureIdle(cases.map(({ pid }) => pid));
  cases.forEach(({ name }, i) => log(`${name}: ${(idle[i]!.micros / 1000).toFixed(1)} ms CPU per second idle (main thread ${(idle[i]!.mainThreadMicros / 1000).toFixed(1)}), subtracted from each run`));

  for (const rate of rates) {
    for (const { name } of cases) {
      measured.set(atRate(name, rate), []);
      rateOf.set(atRate(name, rate), rate);
    }
  }
  for (let run = 0; run < runs; run++) {
    for (const rate of rates) {
      for (const [i, { name: caseName, url, pid }] of cases.entries()) {
        const name = atRate(caseName, rate);
        // The balance is cached 30 s: refilled right before each run, so no expiry falls inside it.
        await fetch(url);
        const result = await measure(url, pid, idle[i]!, rate);
        measured.get(name)!.push(result);
        log(`run ${run + 1}, ${name}: ${result.reqPerS.toFixed(0)} req/s, ${result.cpuMicrosPerRequest.toFixed(1)} µs CPU per request (system ${result.systemMicrosPerRequest.toFixed(1)}, main thread ${result.mainThreadMicrosPerRequest.toFixed(1)}; ${result.wakeUpsPerRequest.toFixed(2)} wake-ups and ${result.idleMicrosPerRequest.toFixed(1)} µs of idle CPU subtracted per request)${result.failed ? `, ${result.failed} failed` : ''}`);
      }
    }
  }

  const floorName = cases.at(-1)!.name;
  /** The floor's runs at the rate `name` was offered. */
  const floorRunsOf = (name: string) => measured.get(atRate(floorName, rateOf.get(name)))!;
  console.log(`\nLoad average at the start ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')}, at the end ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min)\n`);
  console.log('| case | run | req/s | CPU µs per request | of it system | of it main thread | wake-ups per request (after a wait / a preemption) | idle CPU subtracted, µs per request | req/s ÷ floor | floor CPU ÷ this CPU | failed |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, results] of measured) {
    const floorRuns = floorRunsOf(name);
    results.forEach((result, i) => {
      const floorRun = floorRuns[i]!;
      const ratio = (value: number) => `${(value * 100).toFixed(0)} %`;
      console.log(`| ${name} | ${i + 1} | ${result.reqPerS.toFixed(0)} | ${result.cpuMicrosPerRequest.toFixed(1)} | ${result.systemMicrosPerRequest.toFixed(1)} | ${result.mainThreadMicrosPerRequest.toFixed(1)} | ${result.wakeUpsPerRequest.toFixed(2)} (${result.waitsPerRequest.toFixed(2)} / ${result.preemptionsPerRequest.toFixed(2)}) | ${result.idleMicrosPerRequest.toFixed(1)} | ${ratio(result.reqPerS / floorRun.reqPerS)} | ${ratio(floorRun.cpuMicrosPerRequest / result.cpuMicrosPerRequest)} | ${result.failed} |`);
    });
  }
  // The issue's goal, judged on the medians of the alternating runs.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, results] of [...measured].filter(([name]) => !name.startsWith(floorName))) {
    const floorRuns = floorRunsOf(name);
    const cpu = median(results.map((result) => result.cpuMicrosPerRequest));
    const floorCpu = median(floorRuns.map((result) => result.cpuMicrosPerRequest));
    const byRate = median(results.map((result, i) => result.reqPerS / floorRuns[i]!.reqPerS));
    console.log(`\n${name}: median ${cpu.toFixed(1)} µs CPU per request against the floor's ${floorCpu.toFixed(1)} µs: ${((floorCpu / cpu) * 100).toFixed(0)} % of bare Fastify by CPU, ${(byRate * 100).toFixed(0)} % by req/s (goal: at least 80 %)`);
  }
} finally {
  for (const stop of stops) await stop();
  await devnet.stop();
}
if (args['cpu-prof']) printProfiles();

/**
 * Where each case's main thread spent its CPU during the measured runs, per request, the server's
 * largest functions beside the floor's figure for the same function (µs of self time).
 */
function printProfiles(): void {
  const perCase = cases.map(({ name, port }) => {
    const results = rates.flatMap((rate) => measured.get(atRate(name, rate))!);
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const { total, byFunction } = selfTimes(mainThreadProfile(join(dir, String(port))), results.map((result) => result.window));
    return { name, perRequest: (micros: number) => micros / requests, total, byFunction: new Map(byFunction) };
  });
  log(`CPU profiles (main threads) in ${dir}/<port>/; self time in the measured runs, µs per request:`);
  console.log(`\n| function | ${perCase.map(({ name }) => name).join(' | ')} |`);
  console.log(`| --- |${perCase.map(() => ' --- |').join('')}`);
  const row = (label: string, value: (entry: (typeof perCase)[number]) => number) => console.log(`| ${label} | ${perCase.map((entry) => entry.perRequest(value(entry)).toFixed(1)).join(' | ')} |`);
  row('(all, idle left out)', (entry) => entry.total);
  for (const [label] of [...perCase[0]!.byFunction].slice(0, PROFILE_ROWS)) row(label, (entry) => entry.byFunction.get(label) ?? 0);
}
