import { kB, MB, ms, ratio, stat } from './format.ts';
import { CONDITIONS, type AppResult, type BenchResults } from './results.ts';
import { BARE_FASTIFY_CASE } from './bareFastifyFloor.ts';
import type { WalletListResults } from './walletListBench.ts';
import { median } from './stats.ts';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const header = (cells: string[]) => [row(cells), row(cells.map(() => '---'))];
const holds = (value: boolean | null) => (value === null ? '—' : value ? 'yes' : '**no**');

function bundleTable(results: BenchResults): string[] {
  const cairn = results.apps.find((app) => app.id === 'cairn');
  const fetched = (app: AppResult) => app.timing.cpu1x?.jsFetchedBeforeClickGzip;
  const lines = header([
    'page',
    'initial JS raw',
    'initial gzip',
    'initial brotli',
    'lazy JS gzip',
    'total JS gzip',
    'JS fetched before the click, gzip',
    'Cairn ÷ page (initial gzip)',
    'Cairn ÷ page (fetched before click)',
  ]);
  for (const app of results.apps) {
    const { initial, lazy, total } = app.bundle;
    const before = fetched(app)?.median ?? null;
    lines.push(
      row([
        app.label,
        kB(initial.raw),
        kB(initial.gzip),
        kB(initial.brotli),
        `${kB(lazy.gzip)} (${lazy.files.length} files)`,
        kB(total.gzip),
        before === null ? 'n/a' : kB(before),
        ratio(cairn?.bundle.initial.gzip ?? null, initial.gzip),
        ratio(cairn ? (fetched(cairn)?.median ?? null) : null, before),
      ]),
    );
  }
  return lines;
}

/** Issue 29: per page, each JS file fetched before the click, its size and why it loads then. */
function beforeClickTables(results: BenchResults): string[] {
  return results.apps.flatMap((app) =>
    app.beforeClick
      ? [
          '',
          `${app.label}: ${kB(app.beforeClick.reduce((sum, chunk) => sum + chunk.gzip, 0))} gzip in ${app.beforeClick.length} files (first unthrottled load)`,
          '',
          ...header(['file', 'module', 'gzip', 'why it loads before the click']),
          ...app.beforeClick.map((chunk) => row([chunk.file, chunk.name, kB(chunk.gzip), chunk.why])),
        ]
      : [],
  );
}

function timingTable(results: BenchResults): string[] {
  const cairn = results.apps.find((app) => app.id === 'cairn');
  const lines = header([
    'page',
    'CPU',
    'load → button visible',
    'same, after the wallet start-up',
    'Cairn ÷ page',
    'click → first wallet row',
    'Cairn ÷ page',
    'JS heap after open',
    'blocked requests per load',
  ]);
  for (const condition of CONDITIONS) {
    for (const app of results.apps) {
      const timing = app.timing[condition.id];
      const own = cairn?.timing[condition.id];
      if (!timing) continue;
      lines.push(
        row([
          app.label,
          condition.label,
          stat(timing.buttonVisibleMs, ms),
          stat(timing.buttonAfterWalletMs, ms),
          ratio(own?.buttonAfterWalletMs.median ?? null, timing.buttonAfterWalletMs.median),
          stat(timing.clickToRowMs, ms),
          ratio(own?.clickToRowMs.median ?? null, timing.clickToRowMs.median),
          stat(timing.heapBytes, MB),
          stat(timing.blockedPerLoad, String),
        ]),
      );
    }
  }
  return lines;
}

function blockedList(results: BenchResults): string[] {
  return results.apps.map((app) => {
    const urls = Object.keys(app.timing.cpu1x?.blockedUrls ?? {});
    if (urls.length === 0) return `- ${app.label}: none`;
    const byHost = new Map<string, string[]>();
    for (const url of urls) {
      const { host, pathname } = new URL(url);
      byHost.set(host, [...(byHost.get(host) ?? []), pathname]);
    }
    const hosts = [...byHost].map(([host, paths]) => `${host} (${paths.length === 1 ? paths[0] : `${paths.length} paths`})`);
    return `- ${app.label}: ${urls.length} distinct URLs: ${hosts.join(', ')}`;
  });
}

/** Issue 29: the cached balance against a bare Fastify returning the same bytes in the same run. */
function floorRatio(server: NonNullable<BenchResults['server']>): string[] {
  const balance = server.cases.find((c) => c.name === 'cached balance');
  const floor = server.cases.find((c) => c.name === BARE_FASTIFY_CASE);
  if (!balance || !floor) return [];
  return [
    '',
    `Cached balance against the floor: **${((balance.reqPerS / floor.reqPerS) * 100).toFixed(0)} %** of a bare Fastify (no plugin, no logger) ` +
      `returning the same ${server.floorBytes ?? '?'} bytes under the same load in this run (${balance.reqPerS.toFixed(0)} vs ${floor.reqPerS.toFixed(0)} req/s).`,
  ];
}

function serverSection(results: BenchResults): string[] {
  const server = results.server;
  if (!server) return [];
  const { backfill } = server;
  const failed = (c: { errors: number; non2xx: number }) => (c.errors + c.non2xx === 0 ? '0' : `**${c.errors + c.non2xx}**`);
  return [
    '',
    '## Server: requests on loopback, 2 cores shared with the load generator',
    '',
    `The server as \`npm start\` runs it (\`node --import tsx packages/server/src/cli.ts\`, SQLite, log level info to /dev/null), ` +
      `one devnet chain, on bench-only ports. autocannon ${results.versions.autocannon ?? ''} with ${server.connections} connections for ${server.durationS} s per route ` +
      'after a 1 s warm-up each (caches filled), p50 / p99 from its histogram (whole milliseconds). Sign-in verify is single-use per nonce, so it is ' +
      'nonces fetched and messages signed first, then POST /auth/v1/authenticate one after another (ecrecover path).',
    '',
    ...header(['route', 'how', 'requests', 'req/s', 'p50', 'p99', 'failed']),
    ...server.cases.map((c) =>
      row([
        c.name,
        c.method === 'load' ? `${c.connections} connections, ${c.durationS.toFixed(0)} s` : `sequential, ${c.requests} sign-ins`,
        c.requests,
        c.reqPerS.toFixed(0),
        ms(c.p50Ms),
        ms(c.p99Ms),
        failed(c),
      ]),
    ),
    ...floorRatio(server),
    '',
    `Indexer backfill: blocks 0–${backfill.headBlock} of the devnet chain (its deployment and seed, then empty blocks mined with anvil_mine) into an empty database: ` +
      `**${backfill.blocksPerS.toFixed(0)} blocks/s** once the server answered (${(backfill.indexMs / 1000).toFixed(1)} s), ` +
      `${backfill.blocksPerSIncludingStartup.toFixed(0)} blocks/s counting the server's start-up (${(backfill.startupMs / 1000).toFixed(1)} s).`,
  ];
}

function walletListSection(list: WalletListResults | null | undefined): string[] {
  if (!list) return [];
  const { scroll, search } = list;
  return [
    '',
    `## Wallet list: All Wallets with ${list.catalogueSize.toLocaleString('en')} catalogue wallets`,
    '',
    'The one-button Cairn page with `api` set, against the server as `npm start` runs it with `EXTRA_WALLETS_FILE` ' +
      '(the shipped wallets plus generated ones), in headless Chromium, unthrottled. Scroll: the list scrolled 680 px per ' +
      'animation frame from top to bottom, every page of 40 loaded on the way; long tasks from `PerformanceObserver(\'longtask\')`, ' +
      'frame intervals from requestAnimationFrame (an interval over 25 ms counts the frames it skipped). Search: a 3-letter query typed ' +
      '30 ms per key; "response → painted" runs from the search response\'s end (Resource Timing) to the end of the first frame ' +
      'with the results in the DOM (a message posted from requestAnimationFrame); "keystroke → painted" from the last keydown, ' +
      'so with the 300 ms debounce and the server round trip.',
    '',
    ...header(['measure', 'value']),
    row(['wallets listed after scrolling to the end', `${list.listed} in ${list.pages} pages`]),
    row(['scroll duration', `${(scroll.durationMs / 1000).toFixed(1)} s, ${scroll.frames} frames`]),
    row(['long tasks while scrolling (> 50 ms)', scroll.longTasks === 0 ? '0' : `**${scroll.longTasks}**, longest ${ms(scroll.longestTaskMs!)}`]),
    ...(scroll.longTaskCpuMs && scroll.longTaskCpuMs.length > 0
      ? [
          row([
            "those tasks' main-thread CPU (traced)",
            `${scroll.longTaskCpuMs.filter((cpuMs) => cpuMs > 50).length} over 50 ms; median ${ms(median(scroll.longTaskCpuMs)!)}, most ${ms(Math.max(...scroll.longTaskCpuMs))}`,
          ]),
        ]
      : []),
    row(['frames dropped while scrolling', `${scroll.droppedFrames} (p95 frame ${ms(scroll.p95FrameMs)}, longest ${ms(scroll.longestFrameMs)})`]),
    row(['list rows in the DOM at most', String(list.domRowsWhileScrolling)]),
    row([`search: response → painted (${search.runs} queries)`, stat(search.responseToPaintedMs, ms)]),
    ...(search.responseToDomMs && search.domToFrameMs && search.frameToPaintedMs
      ? [
          row(['… of which response → results in the DOM (script: body, store, render, commit)', stat(search.responseToDomMs, ms)]),
          row(['… then → the next frame starts (waiting for it)', stat(search.domToFrameMs, ms)]),
          row(["… then → that frame's end (style, layout, paint)", stat(search.frameToPaintedMs, ms)]),
        ]
      : []),
    row(['search: keystroke → painted, debounce and server included', stat(search.keystrokeToPaintedMs, ms)]),
    row(['results per query', `${Math.min(...search.results)}–${Math.max(...search.results)}`]),
  ];
}

export function markdownReport(results: BenchResults & { walletList?: WalletListResults | null }): string {
  const { machine, versions } = results;
  const cairn = results.cairn;
  const composition = cairn.entryComposition
    .filter((part) => part.raw >= 1000)
    .map((part) => `${part.name} ${kB(part.gzipShare)}`)
    .join(', ');
  const pages = results.apps.length > 0;
  const head = [
    `# Cairn bench, ${results.date} (commit ${results.commit})`,
    '',
    `${machine.cpus} cores (${machine.cpuModel}), ${machine.os}, Node ${machine.node}, ${machine.chromium}, ` +
      `Vite ${versions.vite}, React ${versions.react}. ${pages ? `${results.runsPerApp} cold loads per page and CPU setting, medians (min–max). ` : ''}` +
      `Whole bench: ${(results.durationMs / 60_000).toFixed(1)} min; ` +
      `load average ${machine.loadAverage.start.toFixed(1)} at the start, ${machine.loadAverage.end.toFixed(1)} at the end.`,
  ];
  const pageLines = [
    '',
    `Anchors: ${Object.entries(versions)
      .filter(([name]) => !['vite', 'react', 'autocannon'].includes(name))
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    '',
    '## Bundle: the same one-button page, one production build each',
    '',
    'kB = 1000 bytes; gzip -9 and brotli q11, each file compressed alone as a server sends it. ' +
      '"Initial" is what index.html loads (entry and static imports); "fetched before the click" is every JS ' +
      'file the page had requested, in Chromium, when the visitor clicked after the network went quiet ' +
      '(idle prefetches and eager dynamic imports included).',
    '',
    ...bundleTable(results),
    '',
    `Cairn's chunks: modal on first open ${cairn.modal ? `${kB(cairn.modal.gzip)} gzip (${cairn.modal.files.join(', ')})` : 'not found'}; ` +
      `actions (connecting, balances, sign-in, catalogue; fetched when the button is hovered or focused, or the modal opens) ${cairn.actions ? `${kB(cairn.actions.gzip)} gzip` : 'not found'}; ` +
      `WalletConnect when picked: ${cairn.walletConnect.chunk ? `${kB(cairn.walletConnect.chunk.gzip)} gzip (flow and protocol client)` : 'not found'}` +
      `${cairn.walletConnect.qrEncoder ? ` + QR encoder ${kB(cairn.walletConnect.qrEncoder.gzip)}` : ''}` +
      `, in the initial JS: ${cairn.walletConnect.inInitial.length > 0 ? cairn.walletConnect.inInitial.join(', ') : 'nothing'}. Cairn's entry by package (gzip, pro rata from the source map): ${composition}.`,
    '',
    '### What the Cairn pages fetch before the click, file by file',
    ...beforeClickTables(results),
    '',
    '## Time and heap: headless Chromium, only 127.0.0.1 reachable',
    '',
    'Load → button: navigation start to the connect button laid out and visible; "after the wallet ' +
      'start-up" counts from the end of the init scripts, leaving out the injected test wallet\'s key ' +
      'derivation, which is no page\'s work and the largest source of spread. Click → row: the page ' +
      "receiving the click to the injected EIP-6963 test wallet's row laid out and visible in the modal " +
      '(the click comes once the network has been quiet for 500 ms and at least 1 s after the button ' +
      'showed). Heap: ' +
      'JSHeapUsedSize after a forced GC once the row showed (the injected test wallet included, on every page).',
    '',
    ...timingTable(results),
    ...buttonCpuLines(results),
  ];
  const lines = [
    ...head,
    ...(pages ? pageLines : []),
    ...walletListSection(results.walletList),
    ...serverSection(results),
    '',
    '## Targets (issue 6)',
    '',
    ...header(['target', 'measured', 'holds']),
    ...results.targets.map((check) => row([check.target, check.measured, holds(check.holds)])),
    ...(pages ? ['', '## Blocked requests: what each page tried to reach beyond 127.0.0.1 (unthrottled loads)', '', ...blockedList(results)] : []),
  ];
  if (results.notDone.length > 0) lines.push('', '## Not measured', '', ...results.notDone.map((line) => `- ${line}`));
  return `${lines.join('\n')}\n`;
}

/** Issue 29: load → button, wall and main-thread CPU, per condition, without and with DevTools' Runtime domain. */
function buttonCpuLines(results: BenchResults): string[] {
  const measured = CONDITIONS.flatMap((condition) => {
    const result = results.buttonCpu?.[condition.id];
    return result ? [{ condition, result }] : [];
  });
  if (measured.length === 0) return [];
  const signed = (value: number | null) => (value === null ? 'not measured' : `${value >= 0 ? '+' : ''}${ms(value)}`);
  return [
    '',
    'Load → button as a visitor\'s browser runs the page: bare React and Cairn loaded in turn over a DevTools connection of ' +
      "the bench's own, traced, from the end of the init scripts to the button visible, each page once without DevTools' " +
      'Runtime domain and once with it (Playwright turns it on for every page it drives, and V8 then parses the code on the ' +
      "stack again for its source positions). The targets judge the loads without it (`lib/buttonCpu.ts`, `lib/rawCdpLoad.ts`):",
    '',
    ...header(['condition', 'Runtime domain', 'rounds', 'wall: React 19 alone', 'wall: Cairn', 'wall: Cairn − bare, per round', 'CPU: React 19 alone', 'CPU: Cairn', 'CPU: Cairn − bare, per round']),
    ...measured.flatMap(({ condition, result }) =>
      (['visitor', 'withRuntime'] as const).map((which) => {
        const loads = result[which];
        return row([
          condition.label,
          which === 'visitor' ? 'off (a visitor)' : 'on (as Playwright)',
          String(loads.cairnCpuMs.length),
          ms(median(loads.bareWallMs) ?? 0),
          ms(median(loads.cairnWallMs) ?? 0),
          signed(loads.wallBehindMs),
          ms(median(loads.bareCpuMs) ?? 0),
          ms(median(loads.cairnCpuMs) ?? 0),
          signed(loads.cpuBehindMs),
        ]);
      }),
    ),
  ];
}
