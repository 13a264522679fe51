// Which functions of a page's JS have run when its connect button first shows, and how many bytes
// of source they span, by source file (issue 29). V8's precise coverage, taken with the page paused
// at that moment (a `debugger` statement where the probe sees the button), so no timing and no
// machine load enters the figure: what the first paint makes V8 compile and run, as opposed to
// what is only parsed and evaluated at the top level. A build of `npm run bench` or profileLoad.ts.
//   node --conditions=@cairn/source --import tsx bench/codeBeforeButton.ts [build dir] [--top 60]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { injectTestWallets } from '@cairn/devnet';
import { launchBenchChromium } from './lib/browser.ts';
import { sourceLookup } from './lib/chunkComposition.ts';
import { CONNECT_TEXT } from './lib/fetchedBeforeClick.ts';
import { buildDir } from './lib/paths.ts';
import { startStaticServer } from './lib/staticServer.ts';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '60' } } });
const dir = resolve(positionals[0] ?? join(buildDir, 'cairn'));
const PROBE = readFileSync(new URL('./lib/pageProbe.browser.js', import.meta.url), 'utf8');
const PAUSE_AT_BUTTON = `(() => { const probe = window.__benchProbe; let at = null; Object.defineProperty(probe, 'buttonVisibleAt', { get: () => at, set: (value) => { at = value; if (value !== null) { debugger; } } }); })();`;

/** Maps an offset of a chunk to its source file through the chunk's map; the chunk's name without one. */
function offsetLookup(file: string): (offset: number) => string {
  const code = readFileSync(join(dir, file), 'utf8');
  const lineStarts = [0];
  for (let index = 0; index < code.length; index += 1) if (code[index] === '\n') lineStarts.push(index + 1);
  let lookup: ReturnType<typeof sourceLookup> | undefined;
  try {
    lookup = sourceLookup(join(dir, file));
  } catch {
    // a chunk without a map (the bundler's runtime)
  }
  return (offset) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line += 1;
    const source = lookup?.(line, offset - lineStarts[line]!);
    return source ? source.replace(/.*node_modules\//, '').replace(/.*packages\//, '') : file;
  };
}

const server = await startStaticServer(dir);
const browser = await launchBenchChromium();
const bySource = new Map<string, { bytes: number; functions: number }>();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await page.addInitScript({ content: `window.__benchProbeConfig = ${JSON.stringify({ buttonText: `^\\s*${CONNECT_TEXT}\\s*$`, rowText: '^$' })};` });
  await page.addInitScript({ content: PROBE });
  await page.addInitScript({ content: PAUSE_AT_BUTTON });
  await injectTestWallets(page, [{}]);
  await cdp.send('Debugger.enable');
  const paused = new Promise<void>((resolvePaused) => cdp.once('Debugger.paused', () => resolvePaused()));
  const loading = page.goto(server.url).catch(() => undefined);
  await paused;
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  await cdp.send('Debugger.resume');
  await loading;
  for (const script of result) {
    if (!script.url.startsWith('http')) continue; // the init scripts: the probe and the test wallet
    const file = new URL(script.url).pathname.slice(1);
    if (!file.endsWith('.js')) continue;
    const sourceAt = offsetLookup(file);
    for (const fn of script.functions) {
      const range = fn.ranges[0]!;
      // The script's own top level is evaluated whole on every page; what differs is what it calls.
      if (range.count === 0 || (range.startOffset === 0 && !fn.functionName)) continue;
      const source = sourceAt(range.startOffset);
      const entry = bySource.get(source) ?? { bytes: 0, functions: 0 };
      entry.bytes += range.endOffset - range.startOffset;
      entry.functions += 1;
      bySource.set(source, entry);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const rows = [...bySource].sort((a, b) => b[1].bytes - a[1].bytes);
const own = rows.filter(([source]) => !/^(react|react-dom|scheduler)\//.test(source) && !source.startsWith('assets/'));
const sum = (list: typeof rows) => list.reduce((total, [, entry]) => total + entry.bytes, 0);
console.log(`${dir}: functions run before the button shows span ${sum(rows).toLocaleString('en')} bytes of source, ${sum(own).toLocaleString('en')} of them outside React and the bundler's chunks (a function's bytes include the functions inside it)\n`);
console.log('| source | bytes | functions |\n| --- | --- | --- |');
for (const [source, entry] of rows.slice(0, Number(args.top))) console.log(`| ${source} | ${entry.bytes.toLocaleString('en')} | ${entry.functions} |`);
