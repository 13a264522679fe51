import { kB, MB, ms, ratio, stat } from './format.ts';
import { CONDITIONS, type AppResult, type BenchResults } from './results.ts';

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

export function markdownReport(results: BenchResults): string {
  const { machine, versions } = results;
  const cairn = results.cairn;
  const composition = cairn.entryComposition
    .filter((part) => part.raw >= 1000)
    .map((part) => `${part.name} ${kB(part.gzipShare)}`)
    .join(', ');
  const lines = [
    `# Cairn bench, ${results.date} (commit ${results.commit})`,
    '',
    `${machine.cpus} cores (${machine.cpuModel}), ${machine.os}, Node ${machine.node}, ${machine.chromium}, ` +
      `Vite ${versions.vite}, React ${versions.react}. ${results.runsPerApp} cold loads per page and CPU setting, ` +
      `medians (min–max). Whole bench: ${(results.durationMs / 60_000).toFixed(1)} min; ` +
      `load average ${machine.loadAverage.start.toFixed(1)} at the start, ${machine.loadAverage.end.toFixed(1)} at the end.`,
    '',
    `Anchors: ${Object.entries(versions)
      .filter(([name]) => !['vite', 'react'].includes(name))
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
      `WalletConnect: ${cairn.walletConnect}. Cairn's entry by package (gzip, pro rata from the source map): ${composition}.`,
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
    '',
    '## Targets (issue 6)',
    '',
    ...header(['target', 'measured', 'holds']),
    ...results.targets.map((check) => row([check.target, check.measured, holds(check.holds)])),
    '',
    '## Blocked requests: what each page tried to reach beyond 127.0.0.1 (unthrottled loads)',
    '',
    ...blockedList(results),
  ];
  if (results.notDone.length > 0) lines.push('', '## Not measured', '', ...results.notDone.map((line) => `- ${line}`));
  return `${lines.join('\n')}\n`;
}
