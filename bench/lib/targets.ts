import type { AppId } from './apps.ts';
import { kB, MB, ms } from './format.ts';
import type { AppResult, BenchResults, ConditionId, TargetCheck } from './results.ts';
import { median } from './stats.ts';
import type { WalletListResults } from './walletListBench.ts';

/** The targets of issue 6, in bytes and milliseconds (kB and MB decimal, the stricter reading). */
export const TARGETS = {
  initialGzip: 110_000,
  ownShareGzip: 42_000,
  modalGzip: 80_000,
  /** Issue 29: the goal, 30 ms (it was 50 until then). */
  buttonBehindBareMs: 30,
  clickToRowMs: 20,
  rainbowKitShare: 1 / 3,
  appKitShare: 1 / 7,
  heapBytes: 6_000_000,
  cachedBalanceReqPerS: 5_000,
  cachedBalanceP99Ms: 20,
  searchToPaintedMs: 16,
  scrollLongTaskMs: 50,
} as const;

type Results = Pick<BenchResults, 'apps' | 'cairn'> & Pick<Partial<BenchResults>, 'server' | 'buttonCpu'> & { walletList?: WalletListResults | null };

const app = (results: Results, id: AppId): AppResult | undefined => results.apps.find((candidate) => candidate.id === id);
const timing = (results: Results, id: AppId, condition: ConditionId) => app(results, id)?.timing[condition];

function check(target: string, value: number | null | undefined, limit: number, format: (n: number) => string): TargetCheck {
  if (value === null || value === undefined) return { target, measured: 'not measured', holds: null };
  return { target, measured: format(value), holds: value <= limit };
}

function shareOf(results: Results, anchor: AppId, share: number, condition: ConditionId, name: string): TargetCheck {
  const target = `click → first row ≤ 1/${Math.round(1 / share)} of ${name}'s (${condition === 'cpu1x' ? 'unthrottled' : 'CPU 4x'})`;
  const cairn = timing(results, 'cairn', condition)?.clickToRowMs.median ?? null;
  const other = timing(results, anchor, condition)?.clickToRowMs.median ?? null;
  if (cairn === null || other === null) {
    return { target, measured: other === null ? `${name} showed no wallet row` : 'Cairn showed no wallet row', holds: null };
  }
  return {
    target,
    measured: `${ms(cairn)} vs ${ms(other)} (${(cairn / other).toFixed(3)}, at most ${share.toFixed(3)})`,
    holds: cairn <= other * share,
  };
}

/** Whether each target of the issue holds in this run; null where the thing is not built yet. */
export function checkTargets(results: Results): TargetCheck[] {
  // A run without the pages (--parts server, --parts wallets) judges only the parts it ran.
  if (results.apps.length === 0 && (results.server || results.walletList)) {
    return [...(results.walletList ? walletListChecks(results.walletList) : []), ...(results.server ? [serverCheck(results)] : [])];
  }
  const cairn = app(results, 'cairn');
  const bare = app(results, 'bare');
  const checks: TargetCheck[] = [
    check('initial JS (entry + static imports) ≤ 110 kB gzip, React included', cairn?.bundle.initial.gzip, TARGETS.initialGzip, kB),
    // Issue 13: every feature switched on must not cost the page more before the click.
    check(
      'every feature on: JS fetched before the click ≤ 110 kB gzip',
      timing(results, 'cairnFull', 'cpu1x')?.jsFetchedBeforeClickGzip.median ?? app(results, 'cairnFull')?.bundle.initial.gzip,
      TARGETS.initialGzip,
      kB,
    ),
    check(
      'all JS fetched before the click (idle prefetch included) ≤ 110 kB gzip',
      timing(results, 'cairn', 'cpu1x')?.jsFetchedBeforeClickGzip.median,
      TARGETS.initialGzip,
      kB,
    ),
    check(
      "Cairn's own share of the initial JS (over bare React) ≤ 42 kB gzip",
      cairn && bare ? cairn.bundle.initial.gzip - bare.bundle.initial.gzip : null,
      TARGETS.ownShareGzip,
      kB,
    ),
    check("modal's first-open chunk ≤ 80 kB gzip", results.cairn.modal?.gzip ?? null, TARGETS.modalGzip, kB),
    {
      target: 'WalletConnect code loaded only when picked',
      measured:
        results.cairn.walletConnect.inInitial.length > 0
          ? `in the initial JS: ${results.cairn.walletConnect.inInitial.join(', ')}`
          : results.cairn.walletConnect.chunk
            ? `none up front; ${kB(results.cairn.walletConnect.chunk.gzip)} gzip when picked`
            : 'WalletConnect chunk not found',
      holds: results.cairn.walletConnect.chunk !== null && results.cairn.walletConnect.inInitial.length === 0,
    },
  ];
  const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)} ms`;
  for (const condition of ['cpu1x', 'cpu4x'] as const) {
    const cairnTiming = timing(results, 'cairn', condition);
    const bareTiming = timing(results, 'bare', condition);
    // Paired by round: the two loads of a round ran seconds apart, so drift in the machine's load
    // cancels out of their difference.
    // Counted from the end of the init scripts: the test wallet's start-up is no page's work.
    const differences = (cairnTiming?.runs ?? []).flatMap((run, round) => {
      const floor = bareTiming?.runs[round]?.buttonAfterWalletMs;
      return run.buttonAfterWalletMs !== null && floor != null ? [run.buttonAfterWalletMs - floor] : [];
    });
    const underPlaywright = median(differences);
    const playwrightText = () =>
      `${signed(underPlaywright!, 0)} in Playwright's timing loads, median of per-round differences after the wallet's start-up ` +
      `(medians ${ms(cairnTiming!.buttonAfterWalletMs.median!)} vs ${ms(bareTiming!.buttonAfterWalletMs.median!)})`;
    const target = `load → button visible within ${TARGETS.buttonBehindBareMs} ms of bare React (${condition === 'cpu1x' ? 'unthrottled' : 'CPU 4x'})`;
    // Issue 29: judged as a visitor's browser runs the page, without DevTools' Runtime domain
    // (buttonCpu.ts); Playwright's figure, which carries that domain's cost, is reported beside it.
    const loads = results.buttonCpu?.[condition];
    if (loads && loads.visitor.wallBehindMs !== null) {
      checks.push(
        check(target, loads.visitor.wallBehindMs, TARGETS.buttonBehindBareMs, (n) =>
          [
            `${signed(n, 0)} without DevTools' Runtime domain, median of ${loads.visitor.cairnWallMs.length} per-round differences ` +
              `(medians ${ms(median(loads.visitor.cairnWallMs)!)} vs ${ms(median(loads.visitor.bareWallMs)!)})`,
            ...(loads.withRuntime.wallBehindMs === null ? [] : [`${signed(loads.withRuntime.wallBehindMs, 0)} with it in the same rounds`]),
            ...(underPlaywright === null ? [] : [playwrightText()]),
          ].join('; '),
        ),
      );
    } else {
      checks.push(check(target, underPlaywright, TARGETS.buttonBehindBareMs, playwrightText));
    }
  }
  // The same window by the main thread's CPU time, which moves by a few ms between runs where the
  // wall time moves by ±50 ms (buttonCpu.ts): the reading that decides the goal at 4x.
  const cpu4x = results.buttonCpu?.cpu4x;
  // Chromium's 4x throttling busy-waits on the main thread for three times the wall time the thread
  // last ran, so a wait for a core on a loaded machine counts four times in the 4x CPU: the
  // unthrottled difference times four is printed beside it (not judged).
  const unthrottledTimesFour = results.buttonCpu?.cpu1x?.visitor.cpuBehindMs;
  checks.push(
    check(
      `load → button: main-thread CPU within ${TARGETS.buttonBehindBareMs} ms of bare React's (CPU 4x)`,
      cpu4x?.visitor.cpuBehindMs,
      TARGETS.buttonBehindBareMs,
      (n) =>
        `${signed(n, 1)} without DevTools' Runtime domain, median of ${cpu4x!.visitor.cairnCpuMs.length} per-round differences ` +
        `(medians ${ms(median(cpu4x!.visitor.cairnCpuMs)!)} vs ${ms(median(cpu4x!.visitor.bareCpuMs)!)})` +
        (cpu4x!.withRuntime.cpuBehindMs === null
          ? ''
          : `; ${signed(cpu4x!.withRuntime.cpuBehindMs, 1)} with it in the same rounds (medians ${ms(median(cpu4x!.withRuntime.cairnCpuMs)!)} vs ${ms(median(cpu4x!.withRuntime.bareCpuMs)!)})`) +
        (unthrottledTimesFour == null ? '' : `; the unthrottled difference × 4: ${signed(unthrottledTimesFour * 4, 1)}`),
    ),
  );
  checks.push(
    check('click → first wallet row ≤ 20 ms median (unthrottled)', timing(results, 'cairn', 'cpu1x')?.clickToRowMs.median, TARGETS.clickToRowMs, ms),
  );
  for (const condition of ['cpu1x', 'cpu4x'] as const) {
    checks.push(shareOf(results, 'rainbowkit', TARGETS.rainbowKitShare, condition, 'RainbowKit'));
    checks.push(shareOf(results, 'appkit', TARGETS.appKitShare, condition, 'AppKit'));
  }
  checks.push(check('JS heap after open ≤ 6 MB (unthrottled)', timing(results, 'cairn', 'cpu1x')?.heapBytes.median, TARGETS.heapBytes, MB));
  checks.push(
    ...(results.walletList
      ? walletListChecks(results.walletList)
      : [
          { target: SEARCH_TARGET, measured: 'not measured in this run (wallets not in --parts)', holds: null },
          { target: SCROLL_TARGET, measured: 'not measured in this run (wallets not in --parts)', holds: null },
        ]),
  );
  checks.push(serverCheck(results));
  return checks;
}

function serverCheck(results: Results): TargetCheck {
  const target = 'server: cached balance ≥ 5,000 req/s, p99 ≤ 20 ms';
  const balance = results.server?.cases.find((c) => c.name === 'cached balance');
  if (!balance) return { target, measured: results.server === undefined ? 'not measured' : 'not measured in this run (server not in --parts)', holds: null };
  const failed = balance.non2xx + balance.errors;
  return {
    target,
    measured:
      `${balance.reqPerS.toFixed(0)} req/s, p99 ${ms(balance.p99Ms)} (${balance.connections} connections, ${balance.durationS.toFixed(0)} s` +
      `${failed > 0 ? `, ${failed} failed` : ''})`,
    holds: failed === 0 && balance.reqPerS >= TARGETS.cachedBalanceReqPerS && balance.p99Ms <= TARGETS.cachedBalanceP99Ms,
  };
}

const SEARCH_TARGET = "search results painted ≤ 16 ms after the server answers, at 10,000 wallets (the issue's keystroke → painted, less the 300 ms debounce of SPEC §9)";
const SCROLL_TARGET = 'no long task over 50 ms while scrolling 10,000 wallets';

/**
 * Part 3. The 16 ms is judged on what the page does: from the search response's end to the end of
 * the frame that paints the results (median of the runs). The whole keystroke → painted, with the
 * 300 ms debounce of SPEC §9 and the server round trip, is reported beside it.
 */
export function walletListChecks(list: WalletListResults): TargetCheck[] {
  const { responseToPaintedMs: render, keystrokeToPaintedMs: full } = list.search;
  const complete = list.listed === list.catalogueSize;
  const cpu = list.scroll.longTaskCpuMs ?? null;
  const pageLongTasks = (cpu ?? []).filter((taskMs) => taskMs > TARGETS.scrollLongTaskMs).length;
  return [
    {
      target: SEARCH_TARGET,
      measured:
        render.median === null
          ? 'no search result painted'
          : `${ms(render.median)} median, max ${ms(render.max!)} (response → painted, ${render.count} searches); ` +
            `keystroke → painted ${ms(full.median!)} median with the 300 ms debounce and the server`,
      holds: render.median === null ? null : render.median <= TARGETS.searchToPaintedMs && list.catalogueSize >= 10_000,
    },
    {
      target: SCROLL_TARGET,
      measured:
        `${list.scroll.longTasks} long tasks${list.scroll.longestTaskMs !== null ? ` (longest ${ms(list.scroll.longestTaskMs)})` : ''}` +
        (cpu === null ? '' : `, ${pageLongTasks} with over 50 ms of main-thread CPU${cpu.length > 0 ? ` (most ${ms(Math.max(...cpu))})` : ''}`) +
        `; ${list.scroll.droppedFrames} frames dropped of ${list.scroll.frames}, ${list.listed} of ${list.catalogueSize} wallets in ${list.pages} pages` +
        (complete ? '' : ' (the list did not reach the end)'),
      // Judged on the tasks' CPU time when traced: their wall time also counts the waits for a
      // core on a shared machine, which no page can shorten.
      holds: complete && (cpu === null ? (list.scroll.longestTaskMs ?? 0) <= TARGETS.scrollLongTaskMs : pageLongTasks === 0),
    },
  ];
}
