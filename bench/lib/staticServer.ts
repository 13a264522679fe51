import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves one built page from 127.0.0.1 on a free port, uncompressed and uncached, the same way for
 * every app: on loopback, transfer time is not what the bench compares.
 */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const server: Server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const relative = normalize(pathname === '/' ? '/index.html' : pathname);
    const file = join(dir, relative);
    const size = await stat(file).then(
      (info) => (info.isFile() ? info.size : undefined),
      () => undefined,
    );
    if (!file.startsWith(dir) || size === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': 'no-store',
    });
    // A page still fetching (an idle prefetch) while its test removes the folder: the file found a
    // moment ago is gone, and an unheard stream error would end the whole run (ci27 of session 24).
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
