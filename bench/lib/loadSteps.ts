import { readFileSync } from 'node:fs';
import { injectTestWallets } from '@cairn/devnet';
import type { Browser } from 'playwright-core';
import { CONNECT_TEXT } from './fetchedBeforeClick.ts';
import type { TraceEvent } from './loadProfile.ts';

const PROBE_SCRIPT = readFileSync(new URL('./pageProbe.browser.js', import.meta.url), 'utf8');
const START_MARK = 'bench:after-wallet';
const BUTTON_MARK = 'bench:button';

/**
 * One load's way to the button, each step in ms after the end of the init scripts (the injected
 * test wallet's start-up), as the bench's wall row counts: when the document and the scripts had
 * arrived, when the entry's module graph started and ended its evaluation, when the task that
 * showed the button started, and the button. null when the trace lacks the step.
 */
export interface LoadSteps {
  documentLoaded: number | null;
  entryLoaded: number | null;
  /** The last JS file requested before the evaluation arrived (the entry's static imports, preloaded). */
  scriptsLoaded: number | null;
  /** The end of the last HTML parse before the evaluation. */
  htmlParsed: number | null;
  evaluateStart: number | null;
  evaluateEnd: number | null;
  /** The start of the main-thread task in which the button showed (React's render and commit). */
  buttonTaskStart: number | null;
  button: number;
  /** Main-thread tasks between the HTML parsed and the evaluation: the module graph's steps, frames. */
  tasksBeforeEvaluate: number;
  /** Their CPU (thread) time, ms. */
  cpuBeforeEvaluate: number;
  /** The main thread's CPU time from the start to the button, ms (as loadProfile.ts counts it). */
  cpu: number;
  /** The sum of the main thread's task durations (wall) in the window: the rest of `button` is idle. */
  busy: number;
  /** Every JS file: [file, requested, finished], ms after the start. */
  scripts: [string, number, number | null][];
}

/**
 * The steps of one traced load (devtools.timeline and the loading events; no sampling profiler,
 * which moves where V8 compiles the entry: loadProfile.ts). Pure, so it is tested on a made-up trace.
 */
export function stepsOfTrace(events: readonly TraceEvent[]): LoadSteps {
  const mark = (name: string) => events.find((event) => event.name === name && event.cat.includes('blink.user_timing'));
  const start = mark(START_MARK);
  const end = mark(BUTTON_MARK);
  if (!start || !end) throw new Error(`the trace lacks the mark ${start ? BUTTON_MARK : START_MARK}`);
  const { pid, tid } = end;
  const at = (ts: number) => (ts - start.ts) / 1000;
  const main = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ts + event.dur! > start.ts && event.ts < end.ts);

  const requests = new Map<string, { url: string; sent: number; finished: number | null }>();
  for (const event of events) {
    const data = event.args?.data as { requestId?: string; url?: string } | undefined;
    if (!data?.requestId) continue;
    if (event.name === 'ResourceSendRequest' && data.url) requests.set(data.requestId, { url: data.url, sent: event.ts, finished: null });
    else if (event.name === 'ResourceFinish' && requests.has(data.requestId)) requests.get(data.requestId)!.finished = event.ts;
  }
  // The page's own requests: the trace also holds other renderers' (Chromium's WebUI pages load while a page does).
  const origin = (url: string) => (url.startsWith('http') ? new URL(url).origin : null);
  const pageOrigin = [...requests.values()].map((request) => origin(request.url)).find((found) => found?.includes('127.0.0.1'));
  const all = [...requests.values()].filter((request) => origin(request.url) === pageOrigin);
  const scripts = all.filter((request) => new URL(request.url).pathname.endsWith('.js'));
  const documentRequest = all.find((request) => new URL(request.url).pathname === '/' || request.url.endsWith('.html'));

  const evaluate = main.find((event) => event.name === 'v8.evaluateModule' && event.ts >= start.ts && event.ts < end.ts);
  const evaluateTs = evaluate?.ts ?? end.ts;
  const entry = scripts.find((request) => /\/index-[^/]*\.js$/.test(request.url)) ?? scripts[0];
  const beforeEvaluate = scripts.filter((request) => request.sent < evaluateTs && request.finished !== null);
  const parses = main.filter((event) => event.name === 'ParseHTML' && event.ts + event.dur! <= evaluateTs);
  const lastParseEnd = parses.length > 0 ? Math.max(...parses.map((event) => event.ts + event.dur!)) : null;
  const between = lastParseEnd === null ? [] : tasks.filter((task) => task.ts >= lastParseEnd && task.ts + task.dur! <= evaluateTs);
  const buttonTask = tasks.find((task) => task.ts <= end.ts && task.ts + task.dur! >= end.ts);
  const within = (from: number, to: number) => Math.max(0, Math.min(to, end.ts) - Math.max(from, start.ts));
  let cpu = 0;
  let busy = 0;
  for (const task of tasks) {
    const overlap = within(task.ts, task.ts + task.dur!);
    busy += overlap;
    cpu += task.dur! > 0 ? ((task.tdur ?? task.dur!) * overlap) / task.dur! : 0;
  }
  return {
    documentLoaded: documentRequest?.finished == null ? null : at(documentRequest.finished),
    entryLoaded: entry?.finished == null ? null : at(entry.finished),
    scriptsLoaded: beforeEvaluate.length > 0 ? at(Math.max(...beforeEvaluate.map((request) => request.finished!))) : null,
    htmlParsed: lastParseEnd === null ? null : at(lastParseEnd),
    evaluateStart: evaluate ? at(evaluate.ts) : null,
    evaluateEnd: evaluate ? at(evaluate.ts + evaluate.dur!) : null,
    buttonTaskStart: buttonTask ? at(buttonTask.ts) : null,
    button: at(end.ts),
    tasksBeforeEvaluate: between.length,
    cpuBeforeEvaluate: between.reduce((sum, task) => sum + (task.tdur ?? task.dur!), 0) / 1000,
    cpu: cpu / 1000,
    busy: busy / 1000,
    scripts: scripts.map((request) => [new URL(request.url).pathname.slice(1), at(request.sent), request.finished === null ? null : at(request.finished)]),
  };
}

/** One cold load of `url` at `cpuThrottle`, traced as the bench's CPU row traces it, summed up in steps. */
export async function loadSteps(browser: Browser, url: string, cpuThrottle: number): Promise<LoadSteps> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await page.addInitScript({ content: `window.__benchProbeConfig = ${JSON.stringify({ buttonText: `^\\s*${CONNECT_TEXT}\\s*$`, rowText: '^$' })};` });
    await page.addInitScript({ content: PROBE_SCRIPT });
    await page.addInitScript({
      content: `(() => { const probe = window.__benchProbe; let at = null; Object.defineProperty(probe, 'buttonVisibleAt', { get: () => at, set: (value) => { at = value; if (value !== null) performance.mark('${BUTTON_MARK}'); } }); })();`,
    });
    await injectTestWallets(page, [{}]);
    await page.addInitScript({ content: `performance.mark('${START_MARK}');` });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 * cpuThrottle });
    await page.waitForFunction(() => (globalThis as unknown as { __benchProbe: { buttonVisibleAt: number | null } }).__benchProbe.buttonVisibleAt !== null, null, {
      timeout: 30_000 * cpuThrottle,
      polling: 50,
    });
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return stepsOfTrace(trace.traceEvents);
  } finally {
    await context.close();
  }
}
