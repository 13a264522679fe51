// What runs before the connect button shows (issue 29): each page loaded cold and traced, the
// main thread's CPU time and JS self time by source file from the end of the init scripts to the
// button visible, medians over --runs loads. See bench/README.md ("Load → button, profiled").
// With --window click, the same for the click: from the page receiving it to the wallet's row.
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { APPS } from './lib/apps.ts';
import { launchBenchChromium } from './lib/browser.ts';
import { buildPage } from './lib/buildPage.ts';
import { keptBuilds, workspaceApps } from './lib/pageArgs.ts';
import { profileLoad, writeLoadsJson, type LoadProfile, type ProfileWindow } from './lib/loadProfile.ts';
import { buildDir } from './lib/paths.ts';
import { startStaticServer } from './lib/staticServer.ts';
import { median as medianOrNull } from './lib/stats.ts';

const median = (values: number[]) => medianOrNull(values) ?? 0;

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: 'bare,cairn' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '20' },
    /** `load` (init scripts → button) or `click` (click → first wallet row). */
    window: { type: 'string', default: 'load' },
    /** Reuse bench/results/build/<app> as the last bench or profile left it. */
    'no-build': { type: 'boolean', default: false },
    /**
     * Builds kept from before a change, loaded in the same rounds as the apps: `label=dir,...`
     * (e.g. a copy of bench/results/build/cairn), so a change is judged side by side in one run.
     */
    builds: { type: 'string', default: '' },
    /**
     * V8's sampling profiler off (the JS tables come back empty), as the bench's CPU row traces:
     * with it on, V8 sometimes compiles the larger entry on the main thread (lib/buttonCpu.ts).
     */
    'no-sampling': { type: 'boolean', default: false },
    /** Also write every load's wall, CPU and CPU by trace event, per page, to this JSON file (per-round comparisons of any two pages). */
    json: { type: 'string', default: '' },
  },
});
const apps = workspaceApps(args.apps);
const runs = Number(args.runs);
const cpu = Number(args.cpu);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number of loads, at least 1');
if (!(cpu >= 1)) throw new Error('--cpu: the CPU slowdown, 1 or more');
if (args.window !== 'load' && args.window !== 'click') throw new Error('--window: load or click');
const profiledWindow = args.window as ProfileWindow;
const sampling = !args['no-sampling'];
const WINDOW_TITLE: Record<ProfileWindow, string> = { load: 'after the wallet start-up → button', click: 'click → first wallet row' };

/** What is loaded: the apps' builds, then the kept ones. */
const pages = [
  ...apps.map((id) => ({ label: APPS[id].label, dir: join(buildDir, id) })),
  ...keptBuilds(args.builds),
];

const loadAtStart = loadavg()[0]!;
if (!args['no-build']) for (const id of apps) await buildPage(APPS[id], join(buildDir, id));
const servers = await Promise.all(pages.map((page) => startStaticServer(page.dir)));
const profiles: LoadProfile[][] = pages.map(() => []);
const browser = await launchBenchChromium();
try {
  await profileLoad(browser, servers[0]!.url, pages[0]!.dir, cpu, profiledWindow, sampling); // warm-up, discarded
  for (let round = 0; round < runs; round += 1) {
    for (const [index] of pages.entries()) {
      const at = (index + round) % pages.length;
      profiles[at]!.push(await profileLoad(browser, servers[at]!.url, pages[at]!.dir, cpu, profiledWindow, sampling));
    }
    console.log(`round ${round + 1}/${runs}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
}

if (args.json) writeLoadsJson(args.json, { cpu: cpu, runs, loadAtStart }, pages, profiles);

const ms = (value: number) => `${value.toFixed(1)} ms`;
type Breakdown = 'byEvent' | 'byPackage' | 'bySource' | 'byFunction' | 'byFunctionTotal';
const BREAKDOWN_TITLES: Record<Breakdown, [string, string]> = {
  byEvent: ['Main-thread CPU by trace event (self time)', 'event'],
  byPackage: ['JS self time (sampled) by package', 'package'],
  bySource: ['JS self time (sampled) by source file', 'source'],
  byFunction: ['JS self time (sampled) by function', 'function'],
  byFunctionTotal: ['JS time (sampled) by function, with what it called', 'function'],
};
const medianOf = (list: LoadProfile[], key: string, by: Breakdown) => median(list.map((profile) => profile[by].get(key) ?? 0));
console.log(`\nCPU ${cpu}x, ${runs} loads per page, medians; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`);
// Per round, each page against the first one (bare React when listed first): the difference of
// one round's loads cancels the drift of a shared machine, as the bench judges its 30 ms goal.
const againstFirst = (index: number, key: 'wallMs' | 'cpuMs') =>
  median(profiles[index]!.map((profile, round) => profile[key] - (profiles[0]![round]?.[key] ?? 0)));
console.log(`| page | wall, ${WINDOW_TITLE[profiledWindow]} | main-thread CPU in that window | wall − ${pages[0]!.label}, per round | CPU − ${pages[0]!.label}, per round |\n| --- | --- | --- | --- | --- |`);
pages.forEach((page, index) => {
  const list = profiles[index]!;
  console.log(`| ${page.label} | ${ms(median(list.map((p) => p.wallMs)))} | ${ms(median(list.map((p) => p.cpuMs)))} | ${ms(againstFirst(index, 'wallMs'))} | ${ms(againstFirst(index, 'cpuMs'))} |`);
});
for (const by of ['byEvent', 'byPackage', 'bySource', 'byFunction', 'byFunctionTotal'] as const) {
  const keys = [...new Set(profiles.flatMap((list) => list.flatMap((profile) => [...profile[by].keys()])))];
  const rows = keys
    .map((key) => ({ key, values: profiles.map((list) => medianOf(list, key, by)) }))
    .filter((row) => row.values.some((value) => value >= 0.05))
    .sort((a, b) => Math.max(...b.values) - Math.max(...a.values))
    .slice(0, Number(args.top));
  console.log(`\n${BREAKDOWN_TITLES[by][0]}\n`);
  console.log(`| ${BREAKDOWN_TITLES[by][1]} | ${pages.map((page) => page.label).join(' | ')} |\n| --- |${pages.map(() => ' --- |').join('')}`);
  for (const row of rows) console.log(`| ${row.key.replace(/^(\.\.\/)+/, '')} | ${row.values.map(ms).join(' | ')} |`);
}
