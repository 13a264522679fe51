import { errorReply, RPC_ERRORS, type RpcCall, type RpcId, type RpcReply } from './rpcMessages.ts';

/** Each entry of a request: a call to serve, or the error reply it already earned. */
export type RpcEntry = { call: RpcCall } | { reply: RpcReply };

export type RpcRequest =
  | { batch: boolean; entries: RpcEntry[] }
  /** The whole request is refused (an empty batch, a batch over the bound). */
  | { refused: RpcReply; tooLarge?: boolean };

const METHOD = /^[A-Za-z][\w.-]{0,99}$/;

const isId = (value: unknown): value is RpcId =>
  value === null || (typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value));

function readEntry(value: unknown): RpcEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reply: errorReply(null, RPC_ERRORS.invalidRequest('a call must be a JSON object')) };
  const { jsonrpc, id, method, params } = value as Record<string, unknown>;
  const replyId: RpcId = isId(id) ? id : null;
  if (id !== undefined && !isId(id)) return { reply: errorReply(null, RPC_ERRORS.invalidRequest('id must be a string, a number or null')) };
  if (jsonrpc !== '2.0') return { reply: errorReply(replyId, RPC_ERRORS.invalidRequest('jsonrpc must be "2.0"')) };
  if (typeof method !== 'string' || !METHOD.test(method)) return { reply: errorReply(replyId, RPC_ERRORS.invalidRequest('method must be a method name')) };
  if (params !== undefined && (typeof params !== 'object' || params === null)) return { reply: errorReply(replyId, RPC_ERRORS.invalidRequest('params must be an array or an object')) };
  return { call: { id: id as RpcId | undefined, method, params: params ?? [] } };
}

/**
 * A JSON-RPC 2.0 request body (already parsed JSON) as its calls: a single call or a batch of at
 * most `maxBatchCalls`. A malformed entry gets its Invalid Request reply here; an empty batch or
 * one over the bound is refused whole, before any of it reaches a node.
 */
export function readRpcRequest(body: unknown, maxBatchCalls: number): RpcRequest {
  if (!Array.isArray(body)) return { batch: false, entries: [readEntry(body)] };
  if (body.length === 0) return { refused: errorReply(null, RPC_ERRORS.invalidRequest('the batch is empty')) };
  if (body.length > maxBatchCalls) {
    return { refused: errorReply(null, RPC_ERRORS.invalidRequest(`a batch may hold at most ${maxBatchCalls} calls, this one holds ${body.length}`)), tooLarge: true };
  }
  return { batch: true, entries: body.map(readEntry) };
}
