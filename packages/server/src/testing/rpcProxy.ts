import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcCall = { id: unknown; method: string; params: unknown[] };
export type RpcReply = { id: unknown; result?: unknown; error?: unknown };

export type RpcProxyOptions = {
  /** Changes a reply on its way back (a node that lags, syncs, answers null...). */
  rewrite?: (call: RpcCall, reply: RpcReply) => RpcReply;
};

/**
 * A real HTTP JSON-RPC node for tests, in front of the devnet's Anvil: forwards every request
 * (single or batch), records each call, and lets a test rewrite the answers, so the server meets
 * a node exactly as it would on the wire and a test can count what a request made the node do.
 */
export async function startRpcProxy(upstream: string, options: RpcProxyOptions = {}) {
  const calls: RpcCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        try {
          const parsed = JSON.parse(body) as Partial<RpcCall> | Partial<RpcCall>[];
          const sent = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => ({ id: call.id, method: String(call.method), params: call.params ?? [] }));
          calls.push(...sent);
          const upstreamResponse = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const answer = (await upstreamResponse.json()) as RpcReply | RpcReply[];
          const byId = new Map(sent.map((call) => [JSON.stringify(call.id), call]));
          const rewritten = (reply: RpcReply) => {
            const call = byId.get(JSON.stringify(reply.id));
            return call && options.rewrite ? options.rewrite(call, reply) : reply;
          };
          response.writeHead(upstreamResponse.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(Array.isArray(answer) ? answer.map(rewritten) : rewritten(answer)));
        } catch (error) {
          response.writeHead(502, { 'content-type': 'text/plain' });
          response.end(error instanceof Error ? error.message : String(error));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** The calls recorded since the last take, then forgets them. */
    take(): RpcCall[] {
      return calls.splice(0);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type RpcProxy = Awaited<ReturnType<typeof startRpcProxy>>;
