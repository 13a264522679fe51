// `npm run bench`: Cairn side by side with the anchors (issue 6). See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { APP_IDS, APPS, type AppId } from './lib/apps.ts';
import { launchBenchChromium } from './lib/browser.ts';
import { buildPage } from './lib/buildPage.ts';
import { measureBundle, type BundleSizes } from './lib/bundleSizes.ts';
import { measureButtonCpu } from './lib/buttonCpu.ts';
import { explainFetched } from './lib/fetchedBeforeClick.ts';
import { BEFORE_CLICK, cairnChunks } from './lib/cairnChunks.ts';
import { ensureAnchors, installedVersions } from './lib/installAnchors.ts';
import { measureTiming } from './lib/measureTiming.ts';
import { buildDir, repoRoot, resultsDir, toolsDir, toolVersionsDir } from './lib/paths.ts';
import { launchRawChromium } from './lib/rawCdpLoad.ts';
import { markdownReport } from './lib/report.ts';
import { CONDITIONS, type AppResult, type BenchResults, type ServerResults } from './lib/results.ts';
import { measureRelay, relayReport, type RelayResults } from './lib/relayLoad.ts';
import { measureServer } from './lib/serverLoad.ts';
import { startStaticServer, type StaticServer } from './lib/staticServer.ts';
import { checkTargets } from './lib/targets.ts';
import { measureWalletList, type WalletListResults } from './lib/walletListBench.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    /** Rounds of the traced loads judging load → button, wall and main-thread CPU (bare React and Cairn, without and with the Runtime domain; issue 29). */
    'cpu-rounds': { type: 'string', default: '9' },
    apps: { type: 'string', default: APP_IDS.join(',') },
    cpu: { type: 'string', default: CONDITIONS.map((condition) => condition.cpuThrottle).join(',') },
    /** `pages` (parts 1 and 2: bundle, time and heap), `wallets` (part 3: All Wallets at 10,000), `server` (part 4) and `relay` (part 5: the relay under abuse). */
    parts: { type: 'string', default: 'pages,wallets,server,relay' },
    'wallet-searches': { type: 'string', default: '15' },
    'server-connections': { type: 'string', default: '10' },
    'server-seconds': { type: 'string', default: '10' },
    'server-sign-ins': { type: 'string', default: '500' },
    'backfill-blocks': { type: 'string', default: '5000' },
  },
});
const parts = new Set(args.parts.split(','));
for (const part of parts) if (!['pages', 'wallets', 'server', 'relay'].includes(part)) throw new Error(`--parts: unknown part "${part}" (pages, wallets, server, relay)`);
const runs = Number(args.runs);
const cpuRounds = Number(args['cpu-rounds']);
if (!Number.isInteger(cpuRounds) || cpuRounds < 0) throw new Error('--cpu-rounds: a whole number of rounds, 0 to skip');
const appIds = !parts.has('pages') ? [] : args.apps.split(',').filter((id): id is AppId => (APP_IDS as readonly string[]).includes(id));
const conditions = appIds.length === 0 ? [] : CONDITIONS.filter((condition) => args.cpu.split(',').map(Number).includes(condition.cpuThrottle));

const started = performance.now();
const loadAtStart = loadavg()[0]!;
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);
/** The commit measured, and whether the work tree had changes on top (read-only git calls). */
function measuredCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'packages', 'apps').length > 0 ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
const installedToolVersion = (name: string) =>
  (JSON.parse(readFileSync(join(toolsDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const rootVersion = (name: string) =>
  (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

if (appIds.some((id) => APPS[id].anchor)) await ensureAnchors(log);
if (parts.has('server')) await ensureAnchors(log, { from: toolVersionsDir, into: toolsDir, what: 'tools (autocannon)' });

// 1. Bundles
const bundles = {} as Record<AppId, BundleSizes & { buildMs: number }>;
for (const id of appIds) {
  const outDir = join(buildDir, id);
  const buildMs = await buildPage(APPS[id], outDir);
  bundles[id] = { ...(await measureBundle(outDir)), buildMs };
  log(`built ${id} in ${(buildMs / 1000).toFixed(1)} s: initial JS ${(bundles[id].initial.gzip / 1000).toFixed(1)} kB gzip`);
}

// 2. Time and heap
const servers: Partial<Record<AppId, StaticServer>> = {};
for (const id of appIds) servers[id] = await startStaticServer(join(buildDir, id));
const urls = Object.fromEntries(appIds.map((id) => [id, servers[id]!.url])) as Record<AppId, string>;
const files = Object.fromEntries(appIds.map((id) => [id, bundles[id].files])) as Record<AppId, BundleSizes['files']>;
const timings: Partial<Record<AppId, AppResult['timing']>> = {};
const buttonCpu: NonNullable<BenchResults['buttonCpu']> = {};
let chromiumVersion = 'Chromium';
try {
  for (const condition of conditions) {
    const browser = await launchBenchChromium();
    chromiumVersion = `Chromium ${browser.version()}`;
    log(`timing, ${condition.label}: ${runs} rounds of ${appIds.length} cold loads`);
    try {
      const measured = await measureTiming({ browser, urls, files, apps: appIds, runs, cpuThrottle: condition.cpuThrottle, log });
      for (const id of appIds) timings[id] = { ...timings[id], [condition.id]: measured[id] };
    } finally {
      await browser.close();
    }
  }
  // Issue 29: load → button judged as a visitor's browser runs the page, without DevTools' Runtime
  // domain (lib/buttonCpu.ts): wall and main-thread CPU, traced, at each condition.
  if (cpuRounds > 0 && appIds.includes('bare') && appIds.includes('cairn')) {
    for (const condition of conditions) {
      log(`load → button without and with the Runtime domain, ${condition.label}: ${cpuRounds} traced rounds of bare React and Cairn`);
      const chromium = await launchRawChromium();
      try {
        const page = (id: AppId) => ({ url: urls[id], dir: join(buildDir, id) });
        buttonCpu[condition.id] = await measureButtonCpu({ chromium, bare: page('bare'), cairn: page('cairn'), rounds: cpuRounds, cpuThrottle: condition.cpuThrottle });
      } finally {
        await chromium.close();
      }
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((server) => server.close()));
}

// 3. Wallet list: All Wallets with 10,000 catalogue entries
const notDone: string[] = [];
let walletList: WalletListResults | null = null;
if (parts.has('wallets')) {
  const browser = await launchBenchChromium();
  chromiumVersion = `Chromium ${browser.version()}`;
  try {
    walletList = await measureWalletList({ browser, searchRuns: Number(args['wallet-searches']), log });
  } finally {
    await browser.close();
  }
}

// 4. Server
let server: ServerResults | null = null;
if (parts.has('server')) {
  server = await measureServer({
    connections: Number(args['server-connections']),
    durationS: Number(args['server-seconds']),
    signIns: Number(args['server-sign-ins']),
    backfillBlocks: Number(args['backfill-blocks']),
    log,
  });
}

// 5. The relay under a publish flood and with readers that stop reading (issue 12)
const relay: RelayResults | null = parts.has('relay') ? await measureRelay(log) : null;

const apps: AppResult[] = appIds.map((id) => {
  const { initial, lazy, total, initialCss, buildMs } = bundles[id];
  const fetched = APPS[id].anchor ? undefined : timings[id]?.cpu1x?.runs[0]?.jsFetchedBeforeClick;
  return {
    id,
    label: APPS[id].label,
    bundle: { buildMs, initial, lazy, total, initialCss },
    timing: timings[id] ?? {},
    ...(fetched ? { beforeClick: explainFetched(join(buildDir, id), bundles[id], fetched, BEFORE_CLICK) } : {}),
  };
});
const cairn = appIds.includes('cairn')
  ? cairnChunks(join(buildDir, 'cairn'), bundles.cairn)
  : { modal: null, actions: null, entryComposition: [], walletConnect: { chunk: null, qrEncoder: null, inInitial: [] } };
const cpu = cpus();
const results: BenchResults & { walletList: WalletListResults | null; relay: RelayResults | null } = {
  date: new Date().toISOString().slice(0, 10),
  commit: measuredCommit(),
  machine: {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    node: process.version,
    chromium: chromiumVersion,
    os: `Linux ${release()}`,
    loadAverage: { start: loadAtStart, end: loadavg()[0]! },
  },
  versions: {
    vite: rootVersion('vite'),
    react: rootVersion('react'),
    ...(server ? { autocannon: installedToolVersion('autocannon') } : {}),
    ...(appIds.some((id) => APPS[id].anchor)
      ? installedVersions(['@reown/appkit', '@reown/appkit-adapter-wagmi', '@rainbow-me/rainbowkit', 'connectkit', 'wagmi', 'viem'])
      : {}),
  },
  runsPerApp: runs,
  durationMs: 0,
  apps,
  cairn,
  server,
  buttonCpu,
  walletList,
  relay,
  targets: [],
  notDone,
};
results.targets = checkTargets(results);
results.durationMs = performance.now() - started;

const markdown = markdownReport(results) + (relay ? `\n${relayReport(relay)}` : '');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(resultsDir, 'latest.md'), markdown);
writeFileSync(join(resultsDir, `bench-${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);

console.log(`\n${markdown}`);
for (const line of notDone) console.log(line);
const leaked = apps.flatMap((app) => Object.values(app.timing).flatMap((timing) => timing.leakedRequests));
if (leaked.length > 0) console.log(`WARNING: requests beyond 127.0.0.1 completed: ${leaked.join(', ')}`);
const chainCalls = apps.reduce((sum, app) => sum + Object.values(app.timing).reduce((s, t) => s + t.chainRequests, 0), 0);
if (chainCalls > 0) console.log(`note: pages called the chain RPC ${chainCalls} times; no devnet runs during the bench`);
log(`results in ${join('bench', 'results')}/latest.{md,json}`);
