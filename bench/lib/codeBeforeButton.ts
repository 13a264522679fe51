import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { injectTestWallets } from '@cairn/devnet';
import { sourceLookup } from './chunkComposition.ts';
import { CONNECT_TEXT } from './fetchedBeforeClick.ts';

const PROBE = readFileSync(new URL('./pageProbe.browser.js', import.meta.url), 'utf8');
const PAUSE_AT_BUTTON = `(() => { const probe = window.__benchProbe; let at = null; Object.defineProperty(probe, 'buttonVisibleAt', { get: () => at, set: (value) => { at = value; if (value !== null) { debugger; } } }); })();`;

/** Bytes of source (and how many functions) run by the time the button first shows, by source file. */
export type CodeBySource = Map<string, { bytes: number; functions: number }>;

/** Maps an offset of a chunk to its source file through the chunk's map; the chunk's name without one. */
function offsetLookup(dir: string, file: string): (offset: number) => string {
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

/**
 * Which functions of a page's JS have run when its connect button first shows, and how many bytes
 * of source they span, by source file (issue 29). V8's precise coverage, taken with the page paused
 * at that moment (a `debugger` statement where the probe sees the button), so no timing and no
 * machine load enters the figure: what the first paint makes V8 compile and run, as opposed to
 * what is only parsed and evaluated at the top level. `url` serves the build in `dir`.
 */
export async function codeBeforeButton(browser: Browser, url: string, dir: string): Promise<CodeBySource> {
  const bySource: CodeBySource = new Map();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
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
    const loading = page.goto(url).catch(() => undefined);
    await paused;
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    await cdp.send('Debugger.resume');
    await loading;
    for (const script of result) {
      if (!script.url.startsWith('http')) continue; // the init scripts: the probe and the test wallet
      const file = new URL(script.url).pathname.slice(1);
      if (!file.endsWith('.js')) continue;
      const sourceAt = offsetLookup(dir, file);
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
    await context.close();
  }
  return bySource;
}

/** The sources outside React and the bundler's chunks: the page's own and Cairn's packages. */
export const isOwnSource = (source: string) => !/^(react|react-dom|scheduler)\//.test(source) && !source.startsWith('assets/');

export const bytesOf = (code: CodeBySource, only: (source: string) => boolean = () => true) =>
  [...code].filter(([source]) => only(source)).reduce((total, [, entry]) => total + entry.bytes, 0);
