import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the node in front of the devnet misbehaves:
 * - `lagAt`: a node behind the chain (lagging, or a load balancer's lagging backend): its head is
 *   `lagAt` and it has no block above it. `lagAt: 0` is a syncing node that answers 0.
 * - `nullBlocks`: a true head, but null for every block (a backend that has not got them yet).
 */
export type NodeFault = { lagAt: number } | { nullBlocks: true };

export type FaultyNode = {
  /** The JSON-RPC URL to give the indexer. */
  url: string;
  /** Sets the fault for the requests that arrive from now on; null: a faithful proxy again. */
  setFault(fault: NodeFault | null): void;
  /** eth_blockNumber calls answered so far (one per indexer round). */
  headReads(): number;
  close(): Promise<void>;
};

type Call = { id: unknown; method: string; params?: unknown[] };
type Reply = { id: unknown; result?: unknown; error?: unknown };

const BLOCK_METHODS = new Set(['eth_getBlockByNumber', 'eth_getBlockReceipts']);

/**
 * A real HTTP JSON-RPC node for the indexer tests: forwards every request (single or batch) to
 * the devnet's Anvil and rewrites the answers the fault concerns, so the indexer meets a node that
 * lags, syncs or answers null exactly as it would on the wire.
 */
export async function startFaultyNode(upstream: string): Promise<FaultyNode> {
  let fault: NodeFault | null = null;
  let headReads = 0;

  const rewrite = (call: Call, reply: Reply): Reply => {
    if (call.method === 'eth_blockNumber') headReads++;
    if (!fault || reply.error !== undefined) return reply;
    if ('nullBlocks' in fault) return BLOCK_METHODS.has(call.method) ? { ...reply, result: null } : reply;
    if (call.method === 'eth_blockNumber') return { ...reply, result: `0x${fault.lagAt.toString(16)}` };
    const height = call.params?.[0];
    if (BLOCK_METHODS.has(call.method) && (typeof height !== 'string' || !height.startsWith('0x') || Number(height) > fault.lagAt)) {
      return { ...reply, result: null };
    }
    return reply;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        try {
          const upstreamResponse = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const parsed = JSON.parse(body) as Call | Call[];
          const answer = (await upstreamResponse.json()) as Reply | Reply[];
          const calls = new Map((Array.isArray(parsed) ? parsed : [parsed]).map((call) => [JSON.stringify(call.id), call]));
          const rewritten = (reply: Reply) => {
            const call = calls.get(JSON.stringify(reply.id));
            return call ? rewrite(call, reply) : reply;
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
    setFault(next) {
      fault = next;
    },
    headReads: () => headReads,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
