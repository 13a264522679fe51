// What a search's paint costs (issue 29): the wallet bench's searches (All Wallets at 10,000),
// each traced from the search response's end to the end of the frame that paints its results,
// the main thread's CPU by trace event and the sampled JS time by function, medians over the
// searches. See bench/README.md ("Wallet list").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchBenchChromium } from './lib/browser.ts';
import { summarizeTrace, TRACE_CATEGORIES, type LoadProfile, type TraceEvent } from './lib/loadProfile.ts';
import { resultsDir } from './lib/paths.ts';
import { median as medianOrNull } from './lib/stats.ts';
import { measureWalletList } from './lib/walletListBench.ts';

const median = (values: number[]) => medianOrNull(values) ?? 0;
const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '15' },
    top: { type: 'string', default: '25' },
    /** Scroll the whole list first, as the bench does (a minute at load); without it the searches run on the first page. */
    scroll: { type: 'boolean', default: false },
    /** No trace: the probe's figures only, as the bench measures them (two builds compared in turn). */
    'no-trace': { type: 'boolean', default: false },
    /** Write each search's trace events (the window's main-thread tasks) as JSON here: `<dir>/<query>.json`. */
    'dump-traces': { type: 'string' },
    /** A copy of bench/results/wallets/build kept from before a change, served instead of building the workspace. */
    'build-dir': { type: 'string' },
  },
});

const START = 'wallet-search-response-end';
const END = 'wallet-search-painted';

/**
 * The window's start: the search request's ResourceFinish (the response's end), put in as a
 * user-timing mark on the main thread so that summarizeTrace cuts the window there.
 */
function withResponseMark(events: TraceEvent[], query: string): TraceEvent[] {
  const painted = events.find((event) => event.name === END && event.cat.includes('blink.user_timing'));
  if (!painted) throw new Error('the trace lacks the painted mark');
  const sent = events.find((event) => event.name === 'ResourceSendRequest' && String((event.args?.data as { url?: string } | undefined)?.url ?? '').includes(`search=${query}`));
  const requestId = (sent?.args?.data as { requestId?: string } | undefined)?.requestId;
  const finish = events.find((event) => event.name === 'ResourceFinish' && (event.args?.data as { requestId?: string } | undefined)?.requestId === requestId);
  if (!finish) throw new Error(`the trace lacks the response of "${query}"`);
  return [...events, { ...painted, name: START, ts: finish.ts }];
}

const loadAtStart = loadavg()[0]!;
const profiles: LoadProfile[] = [];
const browser = await launchBenchChromium();
try {
  const measured = await measureWalletList({
    browser,
    searchRuns: Number(args.searches),
    scroll: args.scroll,
    builtPage: args['build-dir'],
    log: (line) => console.error(line),
    traceSearch: args['no-trace'] ? undefined : {
      categories: [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'],
      receive: (events, query) => {
        if (args['dump-traces']) writeFileSync(join(args['dump-traces'], `${query}.json`), JSON.stringify(events));
        profiles.push(summarizeTrace(withResponseMark(events as TraceEvent[], query), args['build-dir'] ?? join(resultsDir, 'wallets', 'build'), [START, END]));
      },
    },
  });
  const { responseToPaintedMs, responseToDomMs, domToFrameMs, frameToPaintedMs } = measured.search;
  const stat = (value: typeof responseToPaintedMs | undefined) => (value?.median == null ? '-' : `${value.median.toFixed(1)} (${value.min!.toFixed(1)}–${value.max!.toFixed(1)})`);
  console.log(`probe${args['no-trace'] ? '' : ', traced'}: response → painted ${stat(responseToPaintedMs)} ms; → DOM ${stat(responseToDomMs)}, → frame ${stat(domToFrameMs)}, → painted ${stat(frameToPaintedMs)}`);
} finally {
  await browser.close();
}

const top = Number(args.top);
const table = (title: string, map: (profile: LoadProfile) => Map<string, number>) => {
  const keys = new Set(profiles.flatMap((profile) => [...map(profile).keys()]));
  const rows = [...keys].map((key) => [key, median(profiles.map((profile) => map(profile).get(key) ?? 0))] as const).sort((a, b) => b[1] - a[1]);
  console.log(`\n${title}\n\n| what | median ms |\n| --- | --- |`);
  for (const [key, value] of rows.slice(0, top)) console.log(`| ${key} | ${value.toFixed(2)} |`);
};
if (profiles.length === 0) process.exit(0);
console.log(`\n${profiles.length} searches traced, response's end → painted; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
console.log(`wall ${median(profiles.map((profile) => profile.wallMs)).toFixed(1)} ms, main-thread CPU ${median(profiles.map((profile) => profile.cpuMs)).toFixed(1)} ms (medians)`);
table('Main-thread CPU by trace event (self time)', (profile) => profile.byEvent);
table('JS self time (sampled) by function', (profile) => profile.byFunction);
table('JS time (sampled) by function, with what it called', (profile) => profile.byFunctionTotal);
