import { integer, type Env } from './readers.ts';

/** The JSON-RPC proxy at POST /v1/?chainId=...: its bounds and limits. */
export interface RpcProxyConfig {
  /** Calls per minute per client network (an IPv4 address, an IPv6 /64), a batch's calls each counted. */
  callsPerMinute: number;
  /** Calls per minute per projectId, all clients together. */
  projectCallsPerMinute: number;
  /** The most calls one batch may hold. */
  maxBatchCalls: number;
  /** The widest block range of one log query (eth_getLogs, eth_newFilter) passed to a node; wider ones are refused before it. */
  maxLogBlocks: number;
  /** The most gas one eth_call, eth_estimateGas or eth_createAccessList is given at the node; a call naming more is refused before it. */
  maxCallGas: number;
  /** The largest request body, in bytes; over WebSocket, the largest frame. */
  maxBodyBytes: number;
  /** Open websockets to the proxy, all clients together (each holds at most one to a node); past it an upgrade gets 503. */
  wsMaxConnections: number;
  /** Open websockets per client network; past it an upgrade gets 429. */
  wsMaxConnectionsPerIp: number;
  /** Open websockets per projectId, all clients together; past it an upgrade gets 429. */
  wsMaxConnectionsPerProject: number;
  /** Subscriptions one websocket may hold at once. */
  wsMaxSubscriptions: number;
  /** A websocket with no subscription that sends nothing for this long is closed. */
  wsIdleMs: number;
  /** Bytes a client may leave unread on its websocket (a slow reader of a busy subscription) before it is dropped. */
  wsMaxSendBufferBytes: number;
  /** How long one upstream may take before the next is tried. */
  upstreamTimeoutMs: number;
  /** Memory for cached answers, in bytes. */
  cacheBytes: number;
  /** How long eth_blockNumber and eth_gasPrice answers are kept, per chain id (RPC_BLOCK_TIME_MS_<chainId>). */
  blockTimeMs: (chainId: number) => number;
}

export function rpcProxyConfig(env: Env, devnetOnly: boolean): RpcProxyConfig {
  const defaultBlockTimeMs = integer(env, 'RPC_BLOCK_TIME_MS', 1000, 0, 600_000);
  const blockTimes = new Map(
    Object.keys(env).flatMap((key) => {
      const match = /^RPC_BLOCK_TIME_MS_(\d+)$/.exec(key);
      return match ? [[Number(match[1]), integer(env, key, defaultBlockTimeMs, 0, 600_000)] as const] : [];
    }),
  );
  return {
    // The devnet stack's every page and test comes from 127.0.0.1.
    callsPerMinute: integer(env, 'RPC_CALLS_PER_MINUTE', devnetOnly ? 1_000_000 : 3000, 1, 100_000_000),
    projectCallsPerMinute: integer(env, 'RPC_PROJECT_CALLS_PER_MINUTE', devnetOnly ? 10_000_000 : 600_000, 1, 1_000_000_000),
    maxBatchCalls: integer(env, 'RPC_MAX_BATCH_CALLS', 100, 1, 1000),
    maxLogBlocks: integer(env, 'RPC_MAX_LOG_BLOCKS', 10_000, 1, 1_000_000_000),
    // geth's own RPCGasCap (--rpc.gascap): above a mainnet block's gas limit, so any call a block could hold passes.
    maxCallGas: integer(env, 'RPC_MAX_CALL_GAS', 50_000_000, 100_000, 1_000_000_000),
    maxBodyBytes: integer(env, 'RPC_MAX_BODY_BYTES', 512 * 1024, 1024, 16 * 1024 * 1024),
    wsMaxConnections: integer(env, 'RPC_WS_MAX_CONNECTIONS', 2000, 1, 1_000_000),
    wsMaxConnectionsPerIp: integer(env, 'RPC_WS_MAX_CONNECTIONS_PER_IP', devnetOnly ? 1000 : 20, 1, 100_000),
    wsMaxConnectionsPerProject: integer(env, 'RPC_WS_MAX_CONNECTIONS_PER_PROJECT', 1000, 1, 1_000_000),
    wsMaxSubscriptions: integer(env, 'RPC_WS_MAX_SUBSCRIPTIONS', 50, 1, 10_000),
    wsIdleMs: integer(env, 'RPC_WS_IDLE_MS', 60_000, 100, 3_600_000),
    wsMaxSendBufferBytes: integer(env, 'RPC_WS_MAX_SEND_BUFFER_BYTES', 4 * 1024 * 1024, 64 * 1024, 256 * 1024 * 1024),
    upstreamTimeoutMs: integer(env, 'RPC_UPSTREAM_TIMEOUT_MS', 10_000, 100, 120_000),
    cacheBytes: integer(env, 'RPC_CACHE_MB', 32, 0, 65_536) * 1024 * 1024,
    blockTimeMs: (chainId) => blockTimes.get(chainId) ?? defaultBlockTimeMs,
  };
}
