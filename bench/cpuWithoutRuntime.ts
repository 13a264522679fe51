// Main-thread CPU before the connect button without the cost of Playwright's Runtime domain
// (issue 29; lib/rawCdpLoad.ts): the pages loaded in turn over a DevTools connection of our own,
// traced as the bench's CPU row traces them. --runtime-too loads each page a second time per round
// with the Runtime domain on, labelled "+Runtime", to show what it adds. See bench/README.md
// ("Load → button by CPU, and the code that runs before it").
//   node --conditions=@cairn/source --import tsx bench/cpuWithoutRuntime.ts [--apps bare,cairn] [--builds label=dir,...] [--runs 10] [--cpu 1] [--runtime-too] [--no-build] [--json file]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { APPS } from './lib/apps.ts';
import { buildPage } from './lib/buildPage.ts';
import { writeLoadsJson, type LoadProfile } from './lib/loadProfile.ts';
import { keptBuilds, workspaceApps } from './lib/pageArgs.ts';
import { buildDir } from './lib/paths.ts';
import { launchRawChromium } from './lib/rawCdpLoad.ts';
import { median, percentile } from './lib/stats.ts';
import { startStaticServer } from './lib/staticServer.ts';

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: 'bare,cairn' },
    builds: { type: 'string', default: '' },
    runs: { type: 'string', default: '10' },
    cpu: { type: 'string', default: '1' },
    'runtime-too': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string', default: '' },
  },
});
const apps = workspaceApps(args.apps);
const runs = Number(args.runs);
const cpuThrottle = Number(args.cpu);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number of loads, at least 1');
if (!(cpuThrottle >= 1)) throw new Error('--cpu: the CPU slowdown, 1 or more');

const builds = [...apps.map((id) => ({ label: APPS[id].label, dir: join(buildDir, id) })), ...keptBuilds(args.builds)];
const pages = [
  ...builds.map((build) => ({ ...build, runtimeDomain: false })),
  ...(args['runtime-too'] ? builds.map((build) => ({ ...build, label: `${build.label} +Runtime`, runtimeDomain: true })) : []),
];

const loadAtStart = loadavg()[0]!;
if (!args['no-build']) for (const id of apps) await buildPage(APPS[id], join(buildDir, id));
const servers = await Promise.all(builds.map((build) => startStaticServer(build.dir)));
const serverOf = (dir: string) => servers[builds.findIndex((build) => build.dir === dir)]!;
const profiles: LoadProfile[][] = pages.map(() => []);
const chromium = await launchRawChromium();
try {
  const load = (index: number) => chromium.load(serverOf(pages[index]!.dir).url, pages[index]!.dir, { cpuThrottle, runtimeDomain: pages[index]!.runtimeDomain });
  await load(0); // warm-up, discarded
  for (let round = 0; round < runs; round += 1) {
    // Who goes first rotates, so no page always loads right after another.
    for (const [index] of pages.entries()) {
      const at = (index + round) % pages.length;
      profiles[at]!.push(await load(at));
    }
    console.log(`round ${round + 1}/${runs}`);
  }
} finally {
  await chromium.close();
  await Promise.all(servers.map((server) => server.close()));
}

if (args.json) writeLoadsJson(args.json, { cpu: cpuThrottle, runs, loadAtStart }, pages, profiles);

const ms = (value: number) => `${value >= 0 ? '' : '−'}${Math.abs(value).toFixed(1)}`;
/** Median (first quartile … third quartile). */
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(median(sorted)!)} (${ms(percentile(sorted, 25))} … ${ms(percentile(sorted, 75))})`;
};
const first = pages[0]!.label;
console.log(`\nCPU ${cpuThrottle}x, ${runs} rounds, no Runtime domain unless "+Runtime"; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`);
console.log(`| page | main-thread CPU, ms | CPU − ${first}, per round | wall − ${first}, per round |\n| --- | --- | --- | --- |`);
pages.forEach((page, index) => {
  const list = profiles[index]!;
  const against = (key: 'cpuMs' | 'wallMs') => list.map((profile, round) => profile[key] - profiles[0]![round]![key]);
  console.log(`| ${page.label} | ${ms(median(list.map((profile) => profile.cpuMs))!)} | ${spread(against('cpuMs'))} | ${spread(against('wallMs'))} |`);
});
const events = [...new Set(profiles.flatMap((list) => list.flatMap((profile) => [...profile.byEvent.keys()])))]
  .map((name) => ({ name, values: profiles.map((list) => median(list.map((profile) => profile.byEvent.get(name) ?? 0))!) }))
  .filter((row) => row.values.some((value) => value >= 0.1))
  .sort((a, b) => Math.max(...b.values) - Math.max(...a.values));
console.log(`\nMain-thread CPU by trace event (self time, medians, ms)\n\n| event | ${pages.map((page) => page.label).join(' | ')} |\n| --- |${pages.map(() => ' --- |').join('')}`);
for (const row of events) console.log(`| ${row.name} | ${row.values.map(ms).join(' | ')} |`);
