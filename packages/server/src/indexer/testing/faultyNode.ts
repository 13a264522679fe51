import { startRpcProxy, type RpcCall, type RpcReply } from '../../testing/rpcProxy.ts';

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

const BLOCK_METHODS = new Set(['eth_getBlockByNumber', 'eth_getBlockReceipts']);

/** The devnet's Anvil behind the test RPC proxy, its answers rewritten by the fault. */
export async function startFaultyNode(upstream: string): Promise<FaultyNode> {
  let fault: NodeFault | null = null;
  let headReads = 0;

  const rewrite = (call: RpcCall, reply: RpcReply): RpcReply => {
    if (call.method === 'eth_blockNumber') headReads++;
    if (!fault || reply.error !== undefined) return reply;
    if ('nullBlocks' in fault) return BLOCK_METHODS.has(call.method) ? { ...reply, result: null } : reply;
    if (call.method === 'eth_blockNumber') return { ...reply, result: `0x${fault.lagAt.toString(16)}` };
    const height = call.params[0];
    if (BLOCK_METHODS.has(call.method) && (typeof height !== 'string' || !height.startsWith('0x') || Number(height) > fault.lagAt)) {
      return { ...reply, result: null };
    }
    return reply;
  };

  const proxy = await startRpcProxy(upstream, { rewrite });
  return {
    url: proxy.url,
    setFault(next) {
      fault = next;
    },
    headReads: () => headReads,
    close: proxy.close,
  };
}
