import { RPC_ERRORS, type RpcErrorObject } from './rpcMessages.ts';

// A log query over a whole chain costs a node minutes of disk reads for one call of the caller's
// budget: the proxy passes at most RPC_MAX_LOG_BLOCKS blocks in one (10,000 by default, the figure
// hosted nodes commonly bound it to); a query by block hash names one block.

/** The methods whose first parameter is a log filter with fromBlock / toBlock. */
export const LOG_RANGE_METHODS: ReadonlySet<string> = new Set(['eth_getLogs', 'eth_newFilter']);

const HEAD_TAGS = new Set(['latest', 'safe', 'finalized', 'pending']);
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i;

type Bound = bigint | 'head';

/** A filter's bound: a block number, 'head' for a tag near the chain's head, undefined when malformed (the node answers that). */
function boundOf(value: unknown): Bound | undefined {
  if (value === undefined || value === null) return 'head';
  if (typeof value !== 'string') return undefined;
  if (value === 'earliest') return 0n;
  if (HEAD_TAGS.has(value)) return 'head';
  return QUANTITY.test(value) ? BigInt(value) : undefined;
}

/** The range a log filter asks for; undefined for one by block hash or a malformed one (the node answers it). */
export function logFilterRange(params: unknown): { from: Bound; to: Bound } | undefined {
  const filter = Array.isArray(params) ? params[0] : undefined;
  if (typeof filter !== 'object' || filter === null) return undefined;
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>;
  if (blockHash !== undefined) return undefined;
  const from = boundOf(fromBlock);
  const to = boundOf(toBlock);
  return from === undefined || to === undefined ? undefined : { from, to };
}

/** Whether the range needs the chain's head to be measured (a bound is a tag and the other a number). */
export function needsHead(range: { from: Bound; to: Bound }): boolean {
  return (range.from === 'head') !== (range.to === 'head');
}

/** The refusal of a log query wider than `maxBlocks` blocks; `head` when needsHead (unknown: passed on). */
export function logRangeRefusal(method: string, params: unknown, head: bigint | undefined, maxBlocks: number): RpcErrorObject | undefined {
  const range = logFilterRange(params);
  if (!range) return undefined;
  const at = (bound: Bound) => (bound === 'head' ? head : bound);
  const from = at(range.from);
  const to = at(range.to);
  if (from === undefined || to === undefined || to < from) return undefined;
  const blocks = to - from + 1n;
  if (blocks <= BigInt(maxBlocks)) return undefined;
  return RPC_ERRORS.invalidParams(`${method} is served for at most ${maxBlocks} blocks at a time; this filter spans ${blocks} (narrow fromBlock and toBlock, or ask by blockHash)`);
}
