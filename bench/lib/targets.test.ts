import { describe, expect, it } from 'vitest';
import type { PageRun } from './measurePage.ts';
import type { AppResult, BenchResults, TimingResult } from './results.ts';
import { describe as describeRuns } from './stats.ts';
import { checkTargets } from './targets.ts';
import type { WalletListResults } from './walletListBench.ts';

const run = (buttonAfterWalletMs: number, clickToRowMs: number | null): PageRun => ({
  buttonVisibleMs: buttonAfterWalletMs + 200,
  buttonAfterWalletMs,
  clickToRowMs,
  clickInputToRowMs: clickToRowMs,
  clickToRowFrameMs: clickToRowMs,
  heapBytes: 3_000_000,
  jsFetchedBeforeClick: [],
  foreignRequests: [],
  leakedRequests: [],
  chainRequests: 0,
  pageErrors: [],
});

function timing(runs: PageRun[]): TimingResult {
  const stat = (pick: (run: PageRun) => number | null) => describeRuns(runs.map(pick));
  return {
    cpuThrottle: 1,
    buttonVisibleMs: stat((r) => r.buttonVisibleMs),
    buttonAfterWalletMs: stat((r) => r.buttonAfterWalletMs),
    clickToRowMs: stat((r) => r.clickToRowMs),
    clickInputToRowMs: stat((r) => r.clickInputToRowMs),
    clickToRowFrameMs: stat((r) => r.clickToRowFrameMs),
    heapBytes: stat((r) => r.heapBytes),
    jsFetchedBeforeClickGzip: stat(() => 0),
    blockedPerLoad: stat(() => 0),
    blockedUrls: {},
    leakedRequests: [],
    chainRequests: 0,
    pageErrors: [],
    runs,
  };
}

const size = { raw: 0, gzip: 0, brotli: 0, files: [] };
const app = (id: AppResult['id'], runs: PageRun[], initialGzip = 0): AppResult => ({
  id,
  label: id,
  bundle: { buildMs: 0, initial: { ...size, gzip: initialGzip }, lazy: size, total: size, initialCss: size },
  timing: { cpu1x: timing(runs) },
});

const results = (apps: AppResult[]): Pick<BenchResults, 'apps' | 'cairn'> => ({
  apps,
  cairn: { modal: { ...size, gzip: 7_000 }, actions: { ...size, gzip: 7_500 }, entryComposition: [], walletConnect: { chunk: { ...size, gzip: 140_000 }, qrEncoder: null, inInitial: [] } },
});

const find = (checks: ReturnType<typeof checkTargets>, start: string) => checks.find((check) => check.target.startsWith(start))!;

describe('issue 6 targets', () => {
  it("compares load to button with bare React's round by round, so a slow round does not decide", () => {
    // The machine was busy in round 3 for both pages and in round 2 for Cairn's load only: the
    // medians (310 vs 940 ms) would put Cairn 630 ms behind; round by round it is 20, 650, 25.
    const checks = checkTargets(
      results([
        app('bare', [run(300, 4), run(310, 4), run(900, 4)]),
        app('cairn', [run(320, 10), run(960, 10), run(925, 10)]),
      ]),
    );
    const check = find(checks, 'load → button visible within 30 ms of bare React (unthrottled)');
    expect(check.holds).toBe(true);
    expect(check.measured).toMatch(/^\+25 ms/);
  });

  it('holds load → button to the 30 ms goal of issue 29, no longer to 50 ms', () => {
    const checks = checkTargets(results([app('bare', [run(300, 4), run(300, 4)]), app('cairn', [run(340, 10), run(340, 10)])]));
    const check = find(checks, 'load → button visible within 30 ms of bare React (unthrottled)');
    expect(check.holds).toBe(false);
    expect(check.measured).toMatch(/^\+40 ms/);
  });

  const paired = (bareMs: number[], cairnMs: number[], behindMs: number) => ({
    bareCpuMs: bareMs,
    cairnCpuMs: cairnMs,
    bareWallMs: bareMs,
    cairnWallMs: cairnMs,
    cpuBehindMs: behindMs,
    wallBehindMs: behindMs,
  });

  it('judges the 30 ms goal at 4x by main-thread CPU without the Runtime domain, round by round, and says so when it was not traced', () => {
    const pages = results([app('bare', [run(300, 4)]), app('cairn', [run(320, 10)])]);
    const target = "load → button: main-thread CPU within 30 ms of bare React's (CPU 4x)";
    expect(find(checkTargets(pages), target)).toMatchObject({ measured: 'not measured', holds: null });
    // Round 2 was slow for both pages: its difference counts, not its size.
    const withRuntime = paired([500, 1000, 510], [560, 1060, 700], 60);
    const close = { cpuThrottle: 4, visitor: paired([380, 900, 390], [405, 930, 600], 30), withRuntime };
    const check = find(checkTargets({ ...pages, buttonCpu: { cpu4x: close } }), target);
    expect(check.holds).toBe(true);
    expect(check.measured).toMatch(/^\+30\.0 ms without DevTools' Runtime domain, median of 3/);
    // The instrument's cost is reported, not hidden.
    expect(check.measured).toContain('+60.0 ms with it');
    const far = { ...close, visitor: paired([380, 900, 390], [405, 930, 600], 31) };
    expect(find(checkTargets({ ...pages, buttonCpu: { cpu4x: far } }), target).holds).toBe(false);
    // The unthrottled difference times four is printed beside it, not judged.
    const unthrottled = { cpuThrottle: 1, visitor: paired([30], [40], 10), withRuntime };
    const both = find(checkTargets({ ...pages, buttonCpu: { cpu1x: unthrottled, cpu4x: far } }), target);
    expect(both).toMatchObject({ holds: false, measured: expect.stringContaining('the unthrottled difference × 4: +40.0 ms') });
  });

  it("judges load → button's wall time without the Runtime domain when traced, and still reports Playwright's loads", () => {
    // Playwright's loads put Cairn 60 ms behind; the same pages without the Runtime domain 25 ms.
    const pages = results([app('bare', [run(300, 4)]), app('cairn', [run(360, 10)])]);
    const target = 'load → button visible within 30 ms of bare React (unthrottled)';
    const loads = { cpuThrottle: 1, visitor: paired([200, 210], [225, 235], 25), withRuntime: paired([250, 260], [290, 300], 40) };
    const check = find(checkTargets({ ...pages, buttonCpu: { cpu1x: loads } }), target);
    expect(check.holds).toBe(true);
    expect(check.measured).toMatch(/^\+25 ms without DevTools' Runtime domain/);
    expect(check.measured).toContain('+40 ms with it');
    expect(check.measured).toContain("+60 ms in Playwright's timing loads");
    const far = { ...loads, visitor: paired([200, 210], [240, 250], 40) };
    expect(find(checkTargets({ ...pages, buttonCpu: { cpu1x: far } }), target).holds).toBe(false);
  });

  it('fails the RainbowKit ratio when Cairn takes more than a third of its time to show a row', () => {
    const checks = checkTargets(
      results([app('cairn', [run(300, 20), run(300, 20)]), app('rainbowkit', [run(700, 45), run(700, 45)])]),
    );
    expect(find(checks, "click → first row ≤ 1/3 of RainbowKit's (unthrottled)").holds).toBe(false);
  });

  it('reports a target as not measured, not as held, when an anchor shows no wallet row', () => {
    const checks = checkTargets(results([app('cairn', [run(300, 10)]), app('appkit', [run(900, null)])]));
    const check = find(checks, "click → first row ≤ 1/7 of AppKit's (unthrottled)");
    expect(check.holds).toBeNull();
    expect(check.measured).toBe('AppKit showed no wallet row');
  });

  it('checks the initial JS against 110 kB gzip, React included', () => {
    expect(find(checkTargets(results([app('cairn', [], 110_001)])), 'initial JS').holds).toBe(false);
    expect(find(checkTargets(results([app('cairn', [], 110_000)])), 'initial JS').holds).toBe(true);
  });

  it('checks the every-feature-on page before the click against 110 kB gzip', () => {
    expect(find(checkTargets(results([app('cairn', []), app('cairnFull', [], 110_001)])), 'every feature on').holds).toBe(false);
    expect(find(checkTargets(results([app('cairn', []), app('cairnFull', [], 109_000)])), 'every feature on').holds).toBe(true);
    expect(find(checkTargets(results([app('cairn', [])])), 'every feature on').holds).toBeNull();
  });
});

describe('the server target', () => {
  const balance = (reqPerS: number, p99Ms: number, non2xx = 0) => ({
    connections: 10,
    durationS: 10,
    cases: [{ name: 'cached balance', path: '/', method: 'load' as const, connections: 10, durationS: 10, requests: reqPerS * 10, reqPerS, p50Ms: 1, p99Ms, errors: 0, non2xx }],
    backfill: { blocks: 1, headBlock: 0, indexedAtFirstAnswer: -1, startupMs: 0, indexMs: 1, blocksPerS: 1, blocksPerSIncludingStartup: 1 },
    ports: {},
  });
  const judge = (server: ReturnType<typeof balance>) => checkTargets({ apps: [], cairn: { modal: null, actions: null, entryComposition: [], walletConnect: { chunk: null, qrEncoder: null, inInitial: [] } }, server });

  it('holds at ≥ 5,000 req/s with p99 ≤ 20 ms and no failed request, alone in a server-only run', () => {
    expect(judge(balance(5_000, 20))).toEqual([expect.objectContaining({ holds: true })]);
    expect(judge(balance(4_999, 5))[0]!.holds).toBe(false);
    expect(judge(balance(9_000, 21))[0]!.holds).toBe(false);
    expect(judge(balance(9_000, 5, 3))[0]!.holds).toBe(false);
  });
});

describe('the wallet list targets', () => {
  const list = (render: number[], longTasks: number[], listed = 10_000, longTaskCpuMs: number[] | null = null): WalletListResults => ({
    catalogueSize: 10_000,
    listed,
    pages: 250,
    scroll: { durationMs: 20_000, frames: 1200, droppedFrames: 0, longestFrameMs: 17, p95FrameMs: 16.7, longTasks: longTasks.length, longestTaskMs: longTasks.length > 0 ? Math.max(...longTasks) : null, longTaskCpuMs },
    search: { runs: render.length, queries: [], responseToPaintedMs: describeRuns(render), keystrokeToPaintedMs: describeRuns(render.map((value) => value + 310)), results: render.map(() => 100) },
    domRowsWhileScrolling: 16,
  });
  const judge = (results: WalletListResults) => checkTargets({ apps: [], cairn: { modal: null, actions: null, entryComposition: [], walletConnect: { chunk: null, qrEncoder: null, inInitial: [] } }, walletList: results });

  it('judges search on the median response → painted, and reports the full keystroke → painted beside it', () => {
    const [search] = judge(list([9, 10, 30], []));
    expect(search).toMatchObject({ target: expect.stringMatching(/^search results painted ≤ 16 ms after the server answers/), holds: true });
    expect(search!.measured).toMatch(/keystroke → painted 320 ms median/);
    expect(judge(list([12, 17, 18], []))[0]!.holds).toBe(false);
  });

  it('fails the scroll target on any long task, or when the list never reached its end', () => {
    expect(judge(list([10], []))[1]!.holds).toBe(true);
    expect(judge(list([10], [51]))[1]!.holds).toBe(false);
    expect(judge(list([10], [], 4_000))[1]!.holds).toBe(false);
  });

  it("judges a traced scroll's long tasks on their main-thread CPU, not on waits for a core", () => {
    const waited = judge(list([10], [95, 60], 10_000, [12, 8]))[1]!;
    expect(waited).toMatchObject({ holds: true, measured: expect.stringMatching(/^2 long tasks \(longest 95\.0 ms\), 0 with over 50 ms of main-thread CPU/) });
    expect(judge(list([10], [95, 60], 10_000, [12, 55]))[1]!.holds).toBe(false);
    expect(judge(list([10], [95], 4_000, [12]))[1]!.holds).toBe(false);
  });
});
