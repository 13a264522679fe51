import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedCall = { method: string; params: unknown[] };

/**
 * A JSON-RPC proxy in front of a real node that records every call it forwards (batches included),
 * so a test can count what a request made the node do.
 */
export async function startRecordingRpcProxy(target: string) {
  const calls: RecordedCall[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as { method: string; params?: unknown[] } | { method: string; params?: unknown[] }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push({ method: call.method, params: call.params ?? [] });
      } catch {
        // Forwarded as is: the node answers a malformed body itself.
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** The calls recorded since the last reset, then forgets them. */
    take(): RecordedCall[] {
      return calls.splice(0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
