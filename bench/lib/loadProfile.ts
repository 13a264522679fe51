import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { injectTestWallets } from '@cairn/devnet';
import type { Browser } from 'playwright-core';
import { packageOf, sourceLookup } from './chunkComposition.ts';
import { CONNECT_TEXT, settleBeforeClick } from './fetchedBeforeClick.ts';
import { TEST_WALLET_NAME } from './measurePage.ts';

const PROBE_SCRIPT = readFileSync(new URL('./pageProbe.browser.js', import.meta.url), 'utf8');
const START_MARK = 'bench:after-wallet';
const BUTTON_MARK = 'bench:button';
const CLICK_MARK = 'bench:click';
const ROW_MARK = 'bench:row';

/**
 * The window profiled: `load`, from the end of the init scripts (the test wallet's start-up) to the
 * button visible; `click`, once the page has settled as the bench's visitor waits, from the page
 * receiving the click to the injected wallet's row visible (the bench's click → first wallet row).
 */
export type ProfileWindow = 'load' | 'click';

export const WINDOW_MARKS: Record<ProfileWindow, [string, string]> = { load: [START_MARK, BUTTON_MARK], click: [CLICK_MARK, ROW_MARK] };

/** The trace's categories (V8's sampling profiler's added when sampling). */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'] as const;

/** Makes the probe's sight of `property` a user-timing mark named `mark` in the trace. */
const markOnSet = (property: string, mark: string) =>
  `(() => { const probe = window.__benchProbe; let at = null; Object.defineProperty(probe, '${property}', { get: () => at, set: (value) => { at = value; if (value !== null) performance.mark('${mark}'); } }); })();`;

/** The probe and its marks, as init scripts in this order; the page's own start mark (START_SCRIPT) goes last. */
export function probeScripts(window: ProfileWindow): string[] {
  const rowText = window === 'click' ? TEST_WALLET_NAME : '^$';
  return [
    `window.__benchProbeConfig = ${JSON.stringify({ buttonText: `^\\s*${CONNECT_TEXT}\\s*$`, rowText })};`,
    PROBE_SCRIPT,
    markOnSet('buttonVisibleAt', BUTTON_MARK),
    markOnSet('clickAt', CLICK_MARK),
    markOnSet('rowVisibleAt', ROW_MARK),
  ];
}

/** The last init script: the window `load` starts here (after the test wallet's start-up). */
export const START_SCRIPT = `performance.mark('${START_MARK}');`;

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Main-thread work of one load in a ProfileWindow. */
export interface LoadProfile {
  /** Wall time between the window's two marks. */
  wallMs: number;
  /** CPU time of the main thread's tasks in that window (their thread durations, cut to the window). */
  cpuMs: number;
  /** Sampled JS self time by where the code came from: a source file of the build, or a V8/Blink bucket. */
  bySource: Map<string, number>;
  /** Sampled JS self time by package. */
  byPackage: Map<string, number>;
  /** Sampled JS self time by function, named `source: function` (what within a file the time went to). */
  byFunction: Map<string, number>;
  /** Sampled JS time by function with what it called (e.g. all of createCairn), named as byFunction. */
  byFunctionTotal: Map<string, number>;
  /**
   * Main-thread CPU by trace event, each event's own (self) thread time: compiling and evaluating
   * the scripts, parsing the HTML, style, layout, paint, garbage collection, timers, ...
   */
  byEvent: Map<string, number>;
}

/**
 * One cold load traced (devtools timeline and V8's sampling profiler) at `cpuThrottle`: the main
 * thread's CPU time and JS self time by source file within `window`. `buildDir` maps the build's
 * chunks back to sources through their maps.
 *
 * `sampling: false` leaves V8's sampling profiler off (the JS tables come back empty): with it on,
 * V8 compiled the one-button page's 287 kB entry on the main thread in 5 of 12 loads at 4x
 * (223–314 ms of CPU, against ≤ 9 ms in the others; 0 of 24 loads without it, session 20), a cost
 * of the instrument, not of the page, that lands on the larger entry.
 */
export async function profileLoad(browser: Browser, url: string, buildDir: string, cpuThrottle: number, window: ProfileWindow = 'load', sampling = true): Promise<LoadProfile> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    for (const content of probeScripts(window)) await page.addInitScript({ content });
    await injectTestWallets(page, [{}]);
    await page.addInitScript({ content: START_SCRIPT });
    const categories = [...TRACE_CATEGORIES, ...(sampling ? ['disabled-by-default-v8.cpu_profiler'] : [])];
    const probeSet = (property: string) =>
      page.waitForFunction((name) => (globalThis as unknown as { __benchProbe: Record<string, number | null> }).__benchProbe[name] !== null, property, {
        timeout: 30_000 * cpuThrottle,
        polling: 50,
      });
    if (window === 'load') await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 * cpuThrottle });
    await probeSet('buttonVisibleAt');
    if (window === 'click') {
      const shownAt = await page.evaluate(() => (globalThis as unknown as { __benchProbe: { buttonVisibleAt: number } }).__benchProbe.buttonVisibleAt);
      await settleBeforeClick(page, shownAt, cpuThrottle);
      await browser.startTracing(page, { categories });
      await page.getByRole('button', { name: CONNECT_TEXT, exact: true }).first().click();
      await probeSet('rowVisibleAt');
    }
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return summarizeTrace(trace.traceEvents, buildDir, WINDOW_MARKS[window]);
  } finally {
    await context.close();
  }
}

export function summarizeTrace(events: TraceEvent[], buildDir: string, [startMark, endMark]: [string, string]): LoadProfile {
  const mark = (name: string) => events.find((event) => event.name === name && event.cat.includes('blink.user_timing'));
  const start = mark(startMark);
  const end = mark(endMark);
  if (!start || !end) throw new Error(`the trace lacks the mark ${start ? endMark : startMark}`);
  const { pid, tid } = end;
  const within = (from: number, to: number) => Math.max(0, Math.min(to, end.ts) - Math.max(from, start.ts));

  let cpuUs = 0;
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid || event.ph !== 'X' || event.name !== 'RunTask' || event.dur === undefined) continue;
    const overlap = within(event.ts, event.ts + event.dur);
    if (overlap > 0) cpuUs += ((event.tdur ?? event.dur) * overlap) / event.dur;
  }
  const byEvent = eventSelfTimes(events.filter((event) => event.pid === pid && event.tid === tid), within);

  // V8's samples: a Profile event, then chunks of nodes, sample ids and time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  const profiles = events.filter((event) => event.name === 'Profile' && event.pid === pid);
  for (const profile of profiles) {
    let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.id !== profile.id || chunk.pid !== pid) continue;
      const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data?.cpuProfile?.samples ?? [];
      ids.forEach((id, index) => {
        ts += data?.timeDeltas?.[index] ?? 0;
        samples.push({ node: id, ts });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const lookups = new Map<string, ReturnType<typeof sourceLookup> | null>();
  const sourceOf = (frame: ProfileNode['callFrame']): string => {
    if (!frame.url) return `(${frame.functionName || 'program'})`;
    if (!frame.url.startsWith('http')) return frame.url; // an init script (the test wallet, the probe)
    const file = new URL(frame.url).pathname.slice(1);
    if (!file.endsWith('.js')) return file;
    if (!lookups.has(file)) {
      try {
        lookups.set(file, sourceLookup(join(buildDir, file)));
      } catch {
        lookups.set(file, null);
      }
    }
    return lookups.get(file)?.(frame.lineNumber, frame.columnNumber) ?? file;
  };
  const bySource = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byFunctionTotal = new Map<string, number>();
  const functionOf = (node: ProfileNode) => `${sourceOf(node.callFrame)}: ${node.callFrame.functionName || '(top level)'}`;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us / 1000);
  samples.forEach((sample, index) => {
    const next = samples[index + 1]?.ts ?? sample.ts;
    const us = within(sample.ts, next);
    const node = nodes.get(sample.node);
    if (us <= 0 || !node) return;
    const source = sourceOf(node.callFrame);
    add(bySource, source, us);
    add(byPackage, source.startsWith('(') ? source : packageOf(source), us);
    add(byFunction, functionOf(node), us);
    // Each function on the sample's stack once (a recursive one is not counted twice).
    const onStack = new Set<string>();
    for (let frame: ProfileNode | undefined = node; frame; frame = frame.parent === undefined ? undefined : nodes.get(frame.parent)) onStack.add(functionOf(frame));
    for (const name of onStack) add(byFunctionTotal, name, us);
  });
  return { wallMs: (end.ts - start.ts) / 1000, cpuMs: cpuUs / 1000, bySource, byPackage, byFunction, byFunctionTotal, byEvent };
}

/**
 * Self thread time by event name of one thread's complete events: an event's thread time less
 * its children's, cut to the window pro rata. `RunTask` itself keeps what no child names (the
 * task's own scheduling).
 */
function eventSelfTimes(events: TraceEvent[], within: (from: number, to: number) => number): Map<string, number> {
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byEvent = new Map<string, number>();
  const open: { event: TraceEvent; childCpu: number }[] = [];
  const close = (entry: { event: TraceEvent; childCpu: number }) => {
    const { event } = entry;
    const cpu = event.tdur ?? event.dur!;
    const share = event.dur! > 0 ? within(event.ts, event.ts + event.dur!) / event.dur! : 0;
    byEvent.set(event.name, (byEvent.get(event.name) ?? 0) + (Math.max(0, cpu - entry.childCpu) * share) / 1000);
  };
  for (const event of complete) {
    while (open.length > 0 && open.at(-1)!.event.ts + open.at(-1)!.event.dur! <= event.ts) close(open.pop()!);
    const parent = open.at(-1);
    if (parent) parent.childCpu += event.tdur ?? event.dur!;
    open.push({ event, childCpu: 0 });
  }
  while (open.length > 0) close(open.pop()!);
  return byEvent;
}

/**
 * Every load's wall, CPU and CPU by trace event, per page, as profileLoad.ts and cpuWithoutRuntime.ts
 * write them with `--json` (for per-round comparisons of any two pages).
 */
export function writeLoadsJson(file: string, run: { cpu: number; runs: number; loadAtStart: number }, pages: { label: string }[], profiles: LoadProfile[][]): void {
  const perPage = pages.map((page, index) => ({
    label: page.label,
    loads: profiles[index]!.map((profile) => ({ wallMs: profile.wallMs, cpuMs: profile.cpuMs, byEvent: Object.fromEntries(profile.byEvent) })),
  }));
  writeFileSync(file, JSON.stringify({ cpu: run.cpu, runs: run.runs, loadAverage: [run.loadAtStart, loadavg()[0]], pages: perPage }, null, 1));
}
