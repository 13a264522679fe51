/**
 * A node's filter (eth_newFilter, eth_newBlockFilter) lives on that node alone: its id means
 * nothing to another upstream. The proxy hands out the node's id with the upstream's place in the
 * chain's list written in front of it, as one hex digit (1 for the first), and sends the filter's
 * later calls to that upstream only. No table to keep, bound or share: any replica with the same
 * upstream list routes the id the same way. The digit is never 0, so a client that normalises the
 * id as a number keeps it whole.
 */

/** Upstreams a filter id can name: one hex digit, 1 to f. */
export const FILTER_UPSTREAMS = 15;

const NODE_ID = /^0x[0-9a-fA-F]{1,64}$/;
const TAGGED_ID = /^0x[1-9a-fA-F][0-9a-fA-F]{1,64}$/;

/** The id the client gets for the node's filter `id` made on `upstream`; undefined when the node's id is no hex quantity. */
export function tagFilterId(id: unknown, upstream: number): string | undefined {
  if (typeof id !== 'string' || !NODE_ID.test(id) || upstream < 0 || upstream >= FILTER_UPSTREAMS) return undefined;
  return `0x${(upstream + 1).toString(16)}${id.slice(2)}`;
}

/** The upstream and the node's own id behind a client's filter id; undefined for an id the proxy never gave. */
export function readFilterId(tagged: unknown): { upstream: number; id: string } | undefined {
  if (typeof tagged !== 'string' || !TAGGED_ID.test(tagged)) return undefined;
  return { upstream: Number.parseInt(tagged[2]!, 16) - 1, id: `0x${tagged.slice(3)}` };
}
