import type { RpcEntry } from './readRpcRequest.ts';
import type { Outcome, RpcChain, RpcForwarder } from './rpcForwarder.ts';
import { errorReply, RPC_ERRORS, type RpcCall, type RpcErrorObject, type RpcId } from './rpcMessages.ts';
import { boundCallGas, CALL_GAS_METHODS } from './callGas.ts';
import { LOG_RANGE_METHODS, logFilterRange, logRangeRefusal, needsHead } from './logRange.ts';
import { isServedMethod } from './servedMethods.ts';
import { UpstreamsDownError } from './upstreamPool.ts';

const replyText = (id: RpcId, outcome: Outcome) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"${outcome.kind}":${outcome.json}}`;

export interface AnswerOptions {
  /** The outcome of a call that goes elsewhere (a subscription, to the node's socket; never rejects), or undefined for an ordinary call. */
  elsewhere?: (call: RpcCall) => Promise<Outcome> | undefined;
  /** Each served call's outcome when no upstream answered; without it, answerEntries rejects with UpstreamsDownError. */
  unavailable?: (error: UpstreamsDownError) => Outcome;
  /** The widest block range of a log query passed to the node (RPC_MAX_LOG_BLOCKS). */
  maxLogBlocks: number;
  /** The most gas an eth_call, eth_estimateGas or eth_createAccessList is given at the node (RPC_MAX_CALL_GAS). */
  maxCallGas: number;
}

/**
 * The reply text of each entry of a request, in order: its own error, the node's answer (from the
 * forwarder: cache, coalescing, failover), or "Method not found" for a method off the
 * namespace's list, which never reaches a node. A notification (no id) gets no reply.
 */
export async function answerEntries(forwarder: RpcForwarder, chain: RpcChain, entries: readonly RpcEntry[], options: AnswerOptions): Promise<string[]> {
  const answers = new Map<RpcCall, Promise<Outcome>>();
  const served: RpcCall[] = [];
  for (const entry of entries) {
    if (!('call' in entry)) continue;
    const elsewhere = options.elsewhere?.(entry.call);
    if (elsewhere) answers.set(entry.call, elsewhere);
    else if (isServedMethod(chain.namespace, entry.call.method)) served.push(entry.call);
  }
  const refused = await refusedLogQueries(forwarder, chain, served, options.maxLogBlocks);
  const sent = new Map<RpcCall, RpcCall>();
  for (const call of served) {
    if (refused.has(call)) continue;
    const bounded = CALL_GAS_METHODS.has(call.method) ? boundCallGas(call, BigInt(options.maxCallGas)) : { call };
    if ('refused' in bounded) refused.set(call, bounded.refused);
    else sent.set(call, bounded.call);
  }
  for (const [call, error] of refused) answers.set(call, Promise.resolve({ kind: 'error', json: JSON.stringify(error) }));
  const forwarded = [...sent.keys()];
  let outcomes: Outcome[] = [];
  try {
    if (forwarded.length > 0) outcomes = await forwarder.answer(chain, [...sent.values()]);
  } catch (error) {
    if (!(error instanceof UpstreamsDownError) || !options.unavailable) throw error;
    outcomes = forwarded.map(() => options.unavailable!(error));
  }
  forwarded.forEach((call, index) => answers.set(call, Promise.resolve(outcomes[index]!)));
  const replies: string[] = [];
  for (const entry of entries) {
    if ('reply' in entry) {
      replies.push(JSON.stringify(entry.reply));
      continue;
    }
    const outcome = await answers.get(entry.call);
    // JSON-RPC 2.0: a notification (no id) is answered with nothing.
    if (entry.call.id === undefined) continue;
    replies.push(outcome ? replyText(entry.call.id, outcome) : JSON.stringify(errorReply(entry.call.id, RPC_ERRORS.methodNotFound())));
  }
  return replies;
}

/** Log queries over more blocks than a node is asked for at once (logRange.ts), with their refusal; the chain's head read once, from the cache when it is there. */
async function refusedLogQueries(forwarder: RpcForwarder, chain: RpcChain, calls: readonly RpcCall[], maxBlocks: number): Promise<Map<RpcCall, RpcErrorObject>> {
  const refused = new Map<RpcCall, RpcErrorObject>();
  const queries = calls.filter((call) => LOG_RANGE_METHODS.has(call.method));
  if (queries.length === 0) return refused;
  let head: bigint | undefined;
  if (queries.some((call) => { const range = logFilterRange(call.params); return range !== undefined && needsHead(range); })) {
    // No head (the node down or odd): the queries go on, and the node answers them as it can.
    const [outcome] = await forwarder.answer(chain, [{ id: 0, method: 'eth_blockNumber', params: [] }]).catch(() => []);
    const number = outcome?.kind === 'result' ? (JSON.parse(outcome.json) as unknown) : undefined;
    if (typeof number === 'string' && /^0x[0-9a-f]+$/i.test(number)) head = BigInt(number);
  }
  for (const call of queries) {
    const error = logRangeRefusal(call.method, call.params, head, maxBlocks);
    if (error) refused.set(call, error);
  }
  return refused;
}

/** The body of the replies: a batch's as an array, a single call's alone; undefined when there is none. */
export function repliesBody(batch: boolean, replies: readonly string[]): string | undefined {
  if (replies.length === 0) return undefined;
  return batch ? `[${replies.join(',')}]` : replies[0];
}
