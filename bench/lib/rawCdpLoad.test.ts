import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devtoolsAddressOf, launchRawChromium, type RawChromium } from './rawCdpLoad.ts';
import { startStaticServer, type StaticServer } from './staticServer.ts';

describe('devtoolsAddressOf', () => {
  it('reads the DevTools address Chromium prints on stderr', () => {
    const stderr = '[0101/000000.000:WARNING:foo.cc(1)] something\n\nDevTools listening on ws://127.0.0.1:41923/devtools/browser/0b8f-42\n';
    expect(devtoolsAddressOf(stderr)).toBe('ws://127.0.0.1:41923/devtools/browser/0b8f-42');
  });

  it('is undefined until the line is there', () => {
    expect(devtoolsAddressOf('DevTools listening on ')).toBeUndefined();
    expect(devtoolsAddressOf('')).toBeUndefined();
  });
});

describe('launchRawChromium', () => {
  let dir: string;
  let server: StaticServer;
  let chromium: RawChromium;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'raw-cdp-load-'));
    // The button shows 300 ms after the page starts, as a page's script would show it.
    writeFileSync(
      join(dir, 'index.html'),
      "<!doctype html><body><script>setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Connect Wallet'; document.body.append(b); }, 300);</script></body>",
    );
    server = await startStaticServer(dir);
    chromium = await launchRawChromium();
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([false, true])('times the window from the init scripts to the button, and ends the load when the page marks it (Runtime domain %s)', async (runtimeDomain) => {
    const started = performance.now();
    const profile = await chromium.load(server.url, dir, { cpuThrottle: 1, runtimeDomain, settleMs: 20_000 });
    // Well before the 20 s bound: the page's mark ended the load.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(profile.wallMs).toBeGreaterThanOrEqual(300);
    expect(profile.cpuMs).toBeGreaterThan(0);
    expect(profile.cpuMs).toBeLessThanOrEqual(profile.wallMs);
  }, 60_000);
});
