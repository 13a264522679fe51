import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFramePage } from './buildFramePage.ts';
import { startFrameServer, type FrameServer } from './frameServer.ts';

const config = { allowedOrigins: ['http://127.0.0.1:5173'], serverUrl: 'http://127.0.0.1:8787', networks: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] };
let dir: string;
let frame: FrameServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-frame-page-'));
  await buildFramePage(dir);
  frame = await startFrameServer({ dir, config });
}, 120_000);

afterAll(async () => {
  await frame?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: fetch would normalise the dots away before they reach the server. */
function raw(path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(frame.url);
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('frame page server', () => {
  it('serves the built page with its CSP, the configuration in a meta tag, and no inline script', async () => {
    const response = await fetch(frame.url);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors http://127.0.0.1:5173');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('connect-src http://127.0.0.1:8787 http://127.0.0.1:8545');
    expect(csp).toContain("require-trusted-types-for 'script'; trusted-types 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain('<meta name="cairn-frame-config" content="{&quot;allowedOrigins&quot;');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      expect(src.startsWith('/assets/')).toBe(true);
      const script = await fetch(new URL(src, frame.url));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('text/javascript');
    }
  });

  it('serves the approval window framed by no page, with no configuration and no inline script (session 23)', async () => {
    const response = await fetch(new URL('/approval.html', frame.url));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("require-trusted-types-for 'script'; trusted-types 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).not.toContain('cairn-frame-config');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe('');
      expect(/src="([^"]+)"/.exec(attributes!)![1]!.startsWith('/assets/')).toBe(true);
    }
  });
  it('answers nothing outside its folder and only GET and HEAD', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/%00', '/nope.js', '/%E0%A4%A']) {
      const { status } = await raw(path);
      expect([400, 404], path).toContain(status);
    }
    expect((await raw('/', 'POST')).status).toBe(405);
    expect((await raw('/', 'HEAD')).status).toBe(200);
  });
});
