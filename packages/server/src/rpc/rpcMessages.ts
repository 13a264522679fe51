/** JSON-RPC 2.0 shapes the proxy reads and writes. */

export type RpcId = string | number | null;

/** A call as a client sent it (an id of undefined: a notification, answered with nothing). */
export type RpcCall = { id: RpcId | undefined; method: string; params: unknown };

export type RpcErrorObject = { code: number; message: string; data?: unknown };

export type RpcReply = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: RpcErrorObject };

/** JSON-RPC 2.0 error codes (and the texts clients match), per the specification. */
export const RPC_ERRORS = {
  invalidRequest: (detail: string): RpcErrorObject => ({ code: -32600, message: `Invalid Request: ${detail}` }),
  methodNotFound: (): RpcErrorObject => ({ code: -32601, message: 'Method not found' }),
  noAnswer: (): RpcErrorObject => ({ code: -32603, message: 'Internal error: the node sent no answer to this call' }),
} as const;

export const errorReply = (id: RpcId, error: RpcErrorObject): RpcReply => ({ jsonrpc: '2.0', id, error });
