// `npm test`: installs what is missing (npm packages, Debian chromium) and runs every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureChromium } from './lib/ensureChromium.mjs';
import { ensureDevnetBuild, ensureNpmPackages, root } from './lib/ensureInstall.mjs';
import { ensurePostgres } from './lib/ensurePostgres.mjs';
import { ensureRedis } from './lib/ensureRedis.mjs';
import { runLanes } from './lib/lanes.mjs';

await ensureNpmPackages();
await ensureChromium();
await ensureDevnetBuild();
const postgres = await ensurePostgres(); // the server suite runs on SQLite and PostgreSQL; in CI this throws rather than skip
await ensureRedis(); // the replica tests start private redis-servers; in CI this throws rather than skip

// The browser suite runs in E2E_SHARDS parts side by side, each part on a stack of its own (its own
// devnet, server, frame and demo on ports moved by E2E_PORT_OFFSET), so no part sees another's
// chain state. Most of a browser test's time is spent waiting (on the chain, the server, timers),
// so parts side by side finish sooner even on 2 cores. Three by default: the last clean runs took
// 22:00 and 22:57 in all with three (shards 1,109–1,155 s); with two (ci10, fewer tests then) 23:40.
// A part's stack costs CPU of its own (its start ~60 CPU-s: devnet ~30, server ~7, builds ~11; then
// its idle chains and indexer), so E2E_SHARDS=2 is worth trying where the CPU is the limit.
// An idle stack, measured over a minute at load 10: 5.1 CPU-s, of which the devnet 2.7 (Surfnet's
// slot clock 2.4 of it, since set to 400 ms slots: ~0.3), alto 0.8, the server 0.7 (the indexer's
// 1 s polls), frame, OIDC, mailbox and demo 0.5 together. Measured again in session 17 (a shard's
// stack while its one file waited for the package build, 60 s at load 14): 2.1 CPU-s a minute, the
// server 0.81 (the indexer's polls), alto 0.67 (--block-time 100: its clients poll at a quarter of it,
// 25 ms, when it watches), the devnet 0.22 (Surfnet's 400 ms slots and chopsticks), tsx's six esbuild services 0.24;
// three stacks over a 17-min run ≈ 100 CPU-s. Not cut: a slower indexer or bundler poll delays every
// test that waits on indexed data or a user operation. Its start at load 31: Polkadot's chain
// 12.9 CPU-s (154 s), Bitcoin's 3.0, Solana's 0.6; the demo build 5.5 CPU-s, the static pages 3.6.
const shards = Number(process.env.E2E_SHARDS ?? (availableParallelism() >= 2 ? 3 : 1));
if (!Number.isInteger(shards) || shards < 1 || shards > 3) throw new Error('E2E_SHARDS must be 1, 2 or 3');
// Offsets whose ports meet neither another shard's nor the unit suite's fixed ports (e2e/support/ports.ts).
const SHARD_PORT_OFFSETS = [0, 600, 300];
// The shards' static pages name no port: the first shard builds them for all (e2e/support/prebuiltPages.ts).
const pagesRun = String(Date.now());
mkdirSync(join(root, '.scratch'), { recursive: true });
for (const entry of readdirSync(join(root, '.scratch'), { withFileTypes: true })) {
  if (entry.isDirectory() && entry.name.startsWith('e2e-pages-run-')) rmSync(join(root, '.scratch', entry.name), { recursive: true, force: true });
}
const e2e = Array.from({ length: shards }, (_, index) => ({
  name: shards === 1 ? 'e2e (Chromium)' : `e2e (Chromium) ${index + 1}/${shards}`,
  command: 'npx',
  args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...(shards === 1 ? [] : [`--shard=${index + 1}/${shards}`])],
  env: { E2E_PORT_OFFSET: String(SHARD_PORT_OFFSETS[index]), E2E_PAGES_RUN: pagesRun },
}));
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);
// The checks are pure CPU with no clock to beat; the browser shards and the unit tests wait on
// timers, chains and servers, and a check that holds both cores makes their waits run out.
const BATCH_NICENESS = 10;
// Each unit file's CPU to .scratch/unit-costs.jsonl (scripts/lib/fileCpu.ts; a fresh record each run):
// `node scripts/fileCostsTop.mjs .scratch/unit-costs.jsonl` names the costliest, where Vitest's durations are wall time.
const UNIT_COSTS = join(root, '.scratch', 'unit-costs.jsonl');
mkdirSync(dirname(UNIT_COSTS), { recursive: true });
rmSync(UNIT_COSTS, { force: true });
// The size guard builds two production pages from dist/: in the unit lane it held one of its two
// workers while it waited for the build lane's dist/ and then built (ci20: 151 s of the lane's
// worker time, 62 CPU-s), so the lane's waiting files queued behind it. In the build lane, after
// the build, it waits for nothing and the unit lane's two workers serve the files that wait. (In the
// first try, `--exclude` on the unit lane's command line left it in: it ran in both lanes.)
const build = [
  // dist/ of every published package: the licence check's notices, the size guard's pages and the
  // packed-packages tests use it. In a lane, so the browser suite starts meanwhile; a browser test
  // that needs dist/ waits for this build (one build at a time, scripts/lib/buildLock.mjs), and
  // runs last in its shard (e2e/support/weightedShards.ts). Not niced: the shards' last files wait
  // for it, and at nice 10 beside other work on the machine (load 30-39) it took 2,524 s for its
  // 52 CPU-s in session 17's run (490 s for 46 CPU-s at load 15 in ci2 of session 16).
  { name: 'build packages', command: 'node', args: ['scripts/build.mjs', '--no-typecheck'] },
  { name: 'licences', command: 'node', args: ['scripts/checkLicences.mjs'] },
  { name: 'size guard', command: 'npx', args: ['vitest', 'run', '--project=size-guard'], env: { VITEST_FILE_CPU: UNIT_COSTS } },
];
// The boundary check and the typecheck read the sources, not dist/: each a lane of its own from the
// start. Behind the build (ci2 of session 16) the typecheck started at 604 s and ended at 1,317 s,
// the run's last step, 32 s after the last browser shard. One lane after the other, the boundary
// check's 16 CPU-s at nice 10 held the typecheck back 600 s (ci23; 1,824 s at load ~40 in session
// 23), and the typecheck and lint ended the run (1,300 s, after the unit lane's 1,255 s).
const boundaries = { name: 'boundaries', command: 'node', args: ['scripts/checkBoundaries.mjs'], nice: BATCH_NICENESS };
// One TypeScript program for both: `tsc --noEmit`'s errors, then typescript-eslint reading its types.
const typecheckAndLint = { name: 'typecheck and lint', command: 'node', args: ['scripts/lint.mjs'], nice: BATCH_NICENESS };
// A lane of its own from the start: it needs nothing the checks make (a test that needs dist/ waits
// for the build's lock), and after the typecheck it was the run's last lane to end (ci16: it started
// at 301 s and ended at 1,194 s, while the browser shards had CPU to spare from 0 s).
// Two workers: Vitest's default on two cores is one, and many of these tests wait on chains and servers.
// (A third was tried in session 21's one whole run, at load 30-44 from the other helpers: that run
// failed on bounds all over, so it proved nothing either way; unproven, not kept.)
// Where the files' wall goes (scripts/lib/fileCpu.ts's `queued` and `asleep`; session 24, this lane
// alone beside other helpers' work at load ~20, 2 workers, 868–961 s): of the 361 files' 1,805 s of
// wall, 973 s (54 %) their worker's thread was ready and waited for a core, 666 s (37 %) it slept
// (on chains, servers, PostgreSQL, children, timers), the rest it ran (322 CPU-s in all). At that
// load the lane is short of CPU more than it waits: a third worker would mostly queue.
// Largest sleepers: devnet cli.test 137 s (its child's chains start), solanaBalance 31 (since cut).

const unit = {
  name: 'unit and integration',
  command: 'npx',
  // Vitest's --exclude does not reach the projects of vitest.config.ts: its own project leaves the size guard out.
  args: ['vitest', 'run', `--maxWorkers=${UNIT_WORKERS}`, '--project=!size-guard'],
  env: { VITEST_FILE_CPU: UNIT_COSTS },
};
// Alto (the bundlers of every devnet), Next.js and wagmi 2 are not in the root install (issue 28):
// a lane of their own from the start, so the devnets' bundlers and the two e2e files find them installed or wait on its lock.
const onDemand = { name: 'on-demand installs', command: 'node', args: ['scripts/installOnDemand.mjs'] };
const runStarted = Date.now();
const failed = await runLanes([build, [boundaries], [typecheckAndLint], [unit], ...e2e.map((shard) => [shard]), [onDemand]], { cwd: root });
await postgres.stop?.();
printCostliestFiles();
if (failed.length > 0) {
  console.error(`\n✖ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\n✔ all tests passed');

/**
 * The run's costliest test files, by CPU and by wall, for the unit lane and the browser shards: where
 * the next cut is (a step's line says only its lane's total).
 */
function printCostliestFiles() {
  // Each shard's record, by its port offset (e2e/support/fileCosts.ts's costsFileOf).
  const shardCosts = SHARD_PORT_OFFSETS.slice(0, shards).map((offset) => join(root, '.scratch', 'e2e-costs', `offset-${offset}.jsonl`));
  const tables = [
    ['unit and integration, by CPU (worker and children)', [UNIT_COSTS], 'used'],
    ['unit and integration, by wall', [UNIT_COSTS], 'wall'],
    ['unit and integration, by time asleep (waiting on chains, servers, timers, not on a core)', [UNIT_COSTS], 'asleep'],
    ['e2e, by CPU of the shard (Chromium, the stack)', shardCosts, 'run'],
    ['e2e, by wall (beside it, the CPU of the shard)', shardCosts, 'wall', 'run'],
  ];
  for (const [title, files, by, cpu = 'used'] of tables) {
    const present = files.filter((path) => existsSync(path));
    if (present.length === 0) continue;
    const top = spawnSync(process.execPath, [join(root, 'scripts', 'fileCostsTop.mjs'), ...present, '--by', by, '--cpu', cpu, '--top', '10', '--since', String(runStarted)], { cwd: root, encoding: 'utf8' });
    console.log(`\nThe costliest files, ${title}: ${top.stdout.trim() || top.stderr.trim()}`);
  }
}
