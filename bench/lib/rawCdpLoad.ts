import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { testWalletScriptPath } from '@cairn/devnet';
import WebSocket from 'ws';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/browser.ts';
import { probeScripts, START_SCRIPT, summarizeTrace, TRACE_CATEGORIES, WINDOW_MARKS, type LoadProfile, type TraceEvent } from './loadProfile.ts';

/**
 * Issue 29: the load window traced as profileLoad.ts traces it, but over a DevTools connection of
 * our own that never enables the Runtime domain. Playwright enables it on every page, and with it
 * on V8 collects the source positions of the code it runs (`V8.CollectSourcePositions`, a second
 * parse of each function on the stack: the whole entry's top level, React DOM's CommonJS wrapper),
 * inside `v8.evaluateModule`: bare React's page 7.5 → 35 ms of module evaluation at 1x, measured
 * over this connection with and without `Runtime.enable` (session 25). A visitor's browser has no
 * DevTools attached and pays none of it; the cost grows with the bytes of the functions on the
 * stack, so it weighs on a larger entry more. The test wallet is injected as the bench's Playwright
 * loads inject it (`injectTestWallets`: its options, then its script), and the window starts after it.
 */
export interface RawChromium {
  /** One cold load in a fresh browser context: the main thread's CPU from the start mark to the button visible. */
  load(url: string, buildDir: string, options: { cpuThrottle: number; runtimeDomain: boolean; settleMs?: number }): Promise<LoadProfile>;
  close(): Promise<void>;
}

/** The `ws://` address Chromium prints on stderr when its DevTools server listens. */
export function devtoolsAddressOf(stderr: string): string | undefined {
  return /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
}

/**
 * Without the Runtime domain nothing can ask the page whether its button showed: this init script
 * makes the probe's mark of it a same-document navigation, which the Page domain reports
 * (`Page.navigatedWithinDocument`). A performance observer's callback runs after the mark, outside the window.
 */
export const BUTTON_SEEN_SCRIPT = `new PerformanceObserver((list, observer) => {
  if (list.getEntriesByName('${WINDOW_MARKS.load[1]}').length === 0) return;
  observer.disconnect();
  history.replaceState(history.state, '', '#bench-button-seen');
}).observe({ type: 'mark' });`;

/** The test wallet as `injectTestWallets` installs it: its options, then its script (built by `npm run build -w @cairn/devnet`). */
function testWalletScripts(): string[] {
  return [`window.__cairnTestWallets = ${JSON.stringify([{}])};`, `${readFileSync(testWalletScriptPath, 'utf8')}\n//# sourceURL=${testWalletScriptPath}`];
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: { value?: TraceEvent[]; url?: string };
  result?: Record<string, string>;
  error?: { message: string };
}

export async function launchRawChromium(): Promise<RawChromium> {
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const address = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port: ${stderr.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = devtoolsAddressOf(stderr);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before its DevTools port opened`)));
  });
  child.stderr!.resume();
  const socket = new WebSocket(address, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const pending = new Map<number, (message: CdpMessage) => void>();
  let onEvent: ((message: CdpMessage) => void) | undefined;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as CdpMessage;
    const answer = message.id === undefined ? undefined : pending.get(message.id);
    if (answer) {
      pending.delete(message.id!);
      answer(message);
    } else onEvent?.(message);
  });
  const send = async (method: string, params: object = {}, sessionId?: string): Promise<Record<string, string>> => {
    const id = (lastId += 1);
    const message = await new Promise<CdpMessage>((resolve) => {
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result ?? {};
  };

  const walletScripts = testWalletScripts();
  const loadOnce = async (url: string, buildDir: string, cpuThrottle: number, runtimeDomain: boolean, settleMs: number): Promise<LoadProfile> => {
    const { browserContextId } = await send('Target.createBrowserContext');
    try {
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      await send('Page.enable', {}, sessionId);
      if (runtimeDomain) await send('Runtime.enable', {}, sessionId);
      await send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false }, sessionId);
      // As the bench's contexts (launchOwnChromium): reduced motion.
      await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] }, sessionId);
      if (cpuThrottle > 1) await send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle }, sessionId);
      for (const source of [...probeScripts('load'), BUTTON_SEEN_SCRIPT, ...walletScripts, START_SCRIPT]) {
        await send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId);
      }
      const events: TraceEvent[] = [];
      let buttonSeen = () => {};
      const seen = new Promise<void>((resolve) => (buttonSeen = resolve));
      const complete = new Promise<void>((resolve) => {
        onEvent = (message) => {
          if (message.method === 'Tracing.dataCollected') events.push(...(message.params?.value ?? []));
          if (message.method === 'Tracing.tracingComplete') resolve();
          if (message.method === 'Page.navigatedWithinDocument' && message.params?.url?.endsWith('#bench-button-seen')) buttonSeen();
        };
      });
      await send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' }, sessionId);
      await send('Page.navigate', { url }, sessionId);
      // The button's mark is read off the trace; the wait ends when the page says it showed, or at the bound.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([seen, new Promise((resolve) => (timer = setTimeout(resolve, settleMs * cpuThrottle)))]);
      clearTimeout(timer);
      await send('Tracing.end', {}, sessionId);
      await complete;
      return summarizeTrace(events, buildDir, WINDOW_MARKS.load);
    } finally {
      onEvent = undefined;
      await send('Target.disposeBrowserContext', { browserContextId });
    }
  };

  return {
    async load(url, buildDir, { cpuThrottle, runtimeDomain, settleMs = 3000 }) {
      // A loaded machine can take longer than the wait to show the button: that load again, waiting twice as long.
      for (let wait = settleMs; ; wait *= 2) {
        try {
          return await loadOnce(url, buildDir, cpuThrottle, runtimeDomain, wait);
        } catch (error) {
          if (!(error instanceof Error && error.message.includes('lacks the mark')) || wait >= settleMs * 4) throw error;
        }
      }
    },
    async close() {
      socket.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
    },
  };
}
