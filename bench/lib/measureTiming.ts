import type { Browser } from 'playwright-core';
import type { AppId } from './apps.ts';
import type { FileSize } from './bundleSizes.ts';
import { measurePage, type PageRun } from './measurePage.ts';
import type { TimingResult } from './results.ts';
import { describe } from './stats.ts';

export interface TimingPlan {
  browser: Browser;
  /** Where each app's build is served. */
  urls: Record<AppId, string>;
  /** Per app, the size of each built file, to price what a page fetched before the click. */
  files: Record<AppId, Record<string, FileSize>>;
  apps: AppId[];
  runs: number;
  cpuThrottle: number;
  log(line: string): void;
}

const withoutQuery = (url: string) => url.split(/[?#]/)[0]!;

function summarize(runs: PageRun[], files: Record<string, FileSize>, cpuThrottle: number): TimingResult {
  const blockedUrls: Record<string, number> = {};
  for (const run of runs) {
    for (const url of new Set(run.foreignRequests.map(withoutQuery))) blockedUrls[url] = (blockedUrls[url] ?? 0) + 1;
  }
  return {
    cpuThrottle,
    buttonVisibleMs: describe(runs.map((run) => run.buttonVisibleMs)),
    buttonAfterWalletMs: describe(runs.map((run) => run.buttonAfterWalletMs)),
    clickToRowMs: describe(runs.map((run) => run.clickToRowMs)),
    clickInputToRowMs: describe(runs.map((run) => run.clickInputToRowMs)),
    clickToRowFrameMs: describe(runs.map((run) => run.clickToRowFrameMs)),
    heapBytes: describe(runs.map((run) => run.heapBytes)),
    jsFetchedBeforeClickGzip: describe(
      runs.map((run) => run.jsFetchedBeforeClick.reduce((sum, file) => sum + (files[file]?.gzip ?? 0), 0)),
    ),
    blockedPerLoad: describe(runs.map((run) => run.foreignRequests.length)),
    blockedUrls,
    leakedRequests: [...new Set(runs.flatMap((run) => run.leakedRequests))],
    chainRequests: runs.reduce((sum, run) => sum + run.chainRequests, 0),
    pageErrors: [...new Set(runs.flatMap((run) => run.pageErrors))],
    runs,
  };
}

/**
 * `runs` rounds; each round loads every app once, starting from a different app each round so
 * that no app always runs first (cold browser) or last.
 */
export async function measureTiming(plan: TimingPlan): Promise<Record<AppId, TimingResult>> {
  const runs = Object.fromEntries(plan.apps.map((id) => [id, [] as PageRun[]])) as Record<AppId, PageRun[]>;
  const rowTimeoutMs = 10_000 * Math.max(1, plan.cpuThrottle / 2);
  // One discarded load, so the first measured one does not pay for starting the renderer.
  await measurePage(plan.browser, { url: plan.urls[plan.apps[0]!], cpuThrottle: plan.cpuThrottle, rowTimeoutMs });
  for (let round = 0; round < plan.runs; round += 1) {
    const order = plan.apps.map((_, index) => plan.apps[(index + round) % plan.apps.length]!);
    const line: string[] = [];
    for (const id of order) {
      const run = await measurePage(plan.browser, { url: plan.urls[id], cpuThrottle: plan.cpuThrottle, rowTimeoutMs });
      runs[id].push(run);
      line.push(`${id} ${run.clickToRowMs === null ? 'no row' : `${run.clickToRowMs.toFixed(0)} ms`}`);
    }
    plan.log(`  cpu ${plan.cpuThrottle}x run ${round + 1}/${plan.runs}: click→row ${line.join(', ')}`);
  }
  return Object.fromEntries(
    plan.apps.map((id) => [id, summarize(runs[id], plan.files[id], plan.cpuThrottle)]),
  ) as Record<AppId, TimingResult>;
}
