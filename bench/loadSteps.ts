// The way to the connect button, step by step, pages side by side (issue 29): each page loaded cold
// at --cpu and traced, the steps (document, scripts, the HTML parsed, the entry's evaluation, the
// task that shows the button) in ms after the end of the init scripts, medians, and the per-round
// differences between the pages. See bench/README.md ("Load → button, step by step").
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { APPS } from './lib/apps.ts';
import { launchBenchChromium } from './lib/browser.ts';
import { buildPage } from './lib/buildPage.ts';
import { keptBuilds, workspaceApps } from './lib/pageArgs.ts';
import { inlineEntryImports } from './lib/inlineEntryImports.ts';
import { loadSteps, type LoadSteps } from './lib/loadSteps.ts';
import { buildDir } from './lib/paths.ts';
import { startStaticServer } from './lib/staticServer.ts';
import { median, percentile } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: 'bare,cairn' },
    runs: { type: 'string', default: '10' },
    cpu: { type: 'string', default: '4' },
    'no-build': { type: 'boolean', default: false },
    /** Builds kept from before a change, loaded in the same rounds: `label=dir,...`. */
    builds: { type: 'string', default: '' },
    /** Also load Cairn's one-button page with the entry's static imports pasted into it (inlineEntryImports.ts). */
    'one-file': { type: 'boolean', default: false },
    /** Print every load's JS requests (file, requested, finished). */
    requests: { type: 'boolean', default: false },
  },
});
const apps = workspaceApps(args.apps);
const runs = Number(args.runs);
const cpu = Number(args.cpu);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number of rounds, at least 1');
if (!(cpu >= 1)) throw new Error('--cpu: the CPU slowdown, 1 or more');

const loadAtStart = loadavg()[0]!;
if (!args['no-build']) for (const id of apps) await buildPage(APPS[id], join(buildDir, id));
const scratch = mkdtempSync(join(tmpdir(), 'cairn-load-steps-'));
const pages = [
  ...apps.map((id) => ({ label: APPS[id].label, dir: join(buildDir, id) })),
  ...keptBuilds(args.builds),
];
if (args['one-file']) {
  const oneFile = join(scratch, 'cairn-one-file');
  const inlined = inlineEntryImports(join(buildDir, 'cairn'), oneFile);
  console.log(`one-file variant: ${inlined.length} files pasted into the entry (${inlined.join(', ')})`);
  pages.push({ label: 'Cairn, one file', dir: oneFile });
}

const servers = await Promise.all(pages.map((page) => startStaticServer(page.dir)));
const loads: LoadSteps[][] = pages.map(() => []);
const browser = await launchBenchChromium();
try {
  await loadSteps(browser, servers[0]!.url, cpu); // warm-up, discarded
  for (let round = 0; round < runs; round += 1) {
    for (const [index] of pages.entries()) {
      const at = (index + round) % pages.length;
      loads[at]!.push(await loadSteps(browser, servers[at]!.url, cpu));
    }
    console.log(`round ${round + 1}/${runs}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
  rmSync(scratch, { recursive: true, force: true });
}

type Step = Exclude<keyof LoadSteps, 'scripts'>;
const STEPS: [Step, string][] = [
  ['documentLoaded', 'document loaded'],
  ['entryLoaded', 'entry JS loaded'],
  ['scriptsLoaded', 'all JS before the evaluation loaded'],
  ['htmlParsed', 'HTML parsed'],
  ['tasksBeforeEvaluate', 'tasks between the HTML parsed and the evaluation (count)'],
  ['cpuBeforeEvaluate', 'their CPU'],
  ['evaluateStart', 'entry evaluation starts'],
  ['evaluateEnd', 'entry evaluation ends'],
  ['buttonTaskStart', 'the task that shows the button starts'],
  ['button', 'button visible (the bench’s wall row)'],
  ['busy', 'main thread busy (sum of task wall time)'],
  ['cpu', 'main-thread CPU'],
];
const values = (index: number, step: Step) => loads[index]!.map((load) => load[step]);
const fmt = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const spread = (differences: number[]) => {
  const sorted = [...differences].sort((a, b) => a - b);
  return `${fmt(median(sorted))} (${fmt(percentile(sorted, 25))} … ${fmt(percentile(sorted, 75))})`;
};
console.log(`\nCPU ${cpu}x, ${runs} rounds, ms after the end of the init scripts, medians; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
console.log('Per round, each later page against each earlier one: median (25th … 75th percentile) of the differences.\n');
const pairs = pages.flatMap((_, later) => pages.slice(0, later).map((__, earlier) => [later, earlier] as const));
const pairTitle = ([later, earlier]: readonly [number, number]) => `${pages[later]!.label} − ${pages[earlier]!.label}`;
console.log(`| step | ${pages.map((page) => page.label).join(' | ')} | ${pairs.map(pairTitle).join(' | ')} |`);
console.log(`| --- |${pages.map(() => ' --- |').join('')}${pairs.map(() => ' --- |').join('')}`);
for (const [step, title] of STEPS) {
  const medians = pages.map((_, index) => fmt(median(values(index, step).filter((value): value is number => value !== null))));
  const differences = pairs.map(([later, earlier]) => {
    const paired = values(later, step).flatMap((value, round) => {
      const base = values(earlier, step)[round];
      return value === null || base === null || base === undefined ? [] : [value - base];
    });
    return paired.length > 0 ? spread(paired) : '—';
  });
  console.log(`| ${title} | ${medians.join(' | ')} | ${differences.join(' | ')} |`);
}
if (args.requests) {
  for (const [index, page] of pages.entries()) {
    console.log(`\n${page.label}: JS requests per load (file requested → finished, ms)`);
    for (const load of loads[index]!) console.log(load.scripts.map(([file, sent, done]) => `${file.replace(/^assets\//, '')} ${fmt(sent)}→${fmt(done)}`).join('; '));
  }
}
