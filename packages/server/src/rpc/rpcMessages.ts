/** JSON-RPC 2.0 shapes the proxy reads and writes. */

export type RpcId = string | number | null;

/** A call as a client sent it (an id of undefined: a notification, answered with nothing). */
export type RpcCall = { id: RpcId | undefined; method: string; params: unknown };

export type RpcErrorObject = { code: number; message: string; data?: unknown };

export type RpcReply = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: RpcErrorObject };

/** JSON-RPC 2.0 error codes (and the texts clients match), per the specification. */
export const RPC_ERRORS = {
  parseError: (): RpcErrorObject => ({ code: -32700, message: 'Parse error: the frame is not JSON' }),
  invalidRequest: (detail: string): RpcErrorObject => ({ code: -32600, message: `Invalid Request: ${detail}` }),
  methodNotFound: (): RpcErrorObject => ({ code: -32601, message: 'Method not found' }),
  invalidParams: (detail: string): RpcErrorObject => ({ code: -32602, message: `Invalid params: ${detail}` }),
  /** A node's own words for a filter it does not hold (geth's), which clients (viem) answer by making a new one. */
  filterNotFound: (): RpcErrorObject => ({ code: -32000, message: 'filter not found' }),
  /** A feed the proxy does not pass (see subscriptionMethods.ts). */
  refusedFeed: (method: string): RpcErrorObject => ({ code: -32602, message: `Invalid params: ${method} is not served for this feed` }),
  /** EIP-1474's "limit exceeded": a call budget spent, or a connection's subscriptions at their bound. */
  limitExceeded: (message: string, retryAfterSeconds?: number): RpcErrorObject => ({ code: -32005, message, ...(retryAfterSeconds ? { data: { retryAfter: retryAfterSeconds } } : {}) }),
  /** No upstream of the chain answered (over HTTP: 503 with Retry-After). */
  unavailable: (message: string, retryAfterSeconds: number): RpcErrorObject => ({ code: -32603, message, data: { retryAfter: retryAfterSeconds } }),
  noAnswer: (): RpcErrorObject => ({ code: -32603, message: 'Internal error: the node sent no answer to this call' }),
} as const;

export const errorReply = (id: RpcId, error: RpcErrorObject): RpcReply => ({ jsonrpc: '2.0', id, error });
