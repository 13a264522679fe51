import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { extname, join, normalize, sep } from 'node:path';
import { FRAME_CONFIG_META, parseFrameConfig, type FrameConfig } from '../page/frameConfig.ts';
import { APPROVAL_WINDOW_PATH } from '../signing/approvalWindowMessages.ts';
import { approvalWindowContentSecurityPolicy, frameContentSecurityPolicy } from './contentSecurityPolicy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with the configuration in a meta tag: no inline script, so `script-src 'self'` holds. */
export function framePageHtml(template: string, config: FrameConfig): string {
  const meta = `<meta name="${FRAME_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}" />`;
  if (!template.includes('<!--cairn-frame-config-->')) throw new Error('The frame page has no configuration slot');
  return template.replace('<!--cairn-frame-config-->', meta);
}

export interface FrameServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the built frame page and its approval window (see buildFramePage) with their security headers, on loopback by default. */
export async function startFrameServer(options: { dir: string; config: FrameConfig; port?: number; host?: string }): Promise<FrameServer> {
  const config = parseFrameConfig(options.config);
  const csp = frameContentSecurityPolicy(config);
  const html = framePageHtml(readFileSync(join(options.dir, 'index.html'), 'utf8'), config);
  const approvalWindow = { html: readFileSync(join(options.dir, APPROVAL_WINDOW_PATH.slice(1)), 'utf8'), csp: approvalWindowContentSecurityPolicy() };
  const root = normalize(options.dir + sep);
  const server = createServer((request, response) => {
    response.setHeader('Content-Security-Policy', csp);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://frame').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : html);
      return;
    }
    // The approval window: a top-level page no site may frame (session 23).
    if (path === APPROVAL_WINDOW_PATH) {
      response.setHeader('Content-Security-Policy', approvalWindow.csp);
      response.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : approvalWindow.html);
      return;
    }
    const file = normalize(join(root, path));
    if (path.includes('\0') || !file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable' });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
