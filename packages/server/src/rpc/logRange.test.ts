import { describe, expect, it } from 'vitest';
import { logFilterRange, logRangeRefusal, needsHead } from './logRange.ts';

const MAX = 10_000; // RPC_MAX_LOG_BLOCKS' default

const hex = (value: bigint) => `0x${value.toString(16)}`;

describe('log queries: at most RPC_MAX_LOG_BLOCKS blocks at a time', () => {
  it('serves a range of exactly the bound and refuses one block more, with its span in the text', () => {
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(BigInt(MAX) - 1n) }], undefined, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(BigInt(MAX)) }], undefined, MAX)).toEqual({
      code: -32602,
      message: 'Invalid params: eth_getLogs is served for at most 10000 blocks at a time; this filter spans 10001 (narrow fromBlock and toBlock, or ask by blockHash)',
    });
  });

  it('measures a tag against the head: earliest to latest is the whole chain, a recent start is not', () => {
    const head = 50_000n;
    expect(logRangeRefusal('eth_newFilter', [{ fromBlock: 'earliest' }], head, MAX)?.message).toContain('spans 50001');
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: hex(head - 100n), toBlock: 'latest' }], head, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: '0x1', toBlock: 'finalized' }], head, MAX)).toBeDefined();
    expect(needsHead(logFilterRange([{ fromBlock: '0x1' }])!)).toBe(true);
  });

  it('passes on what it cannot measure or the node refuses anyway: a block hash, both bounds at the head, a malformed bound, an unknown head, a backwards range', () => {
    expect(logRangeRefusal('eth_getLogs', [{ blockHash: `0x${'ab'.repeat(32)}` }], 10n ** 9n, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{}], 10n ** 9n, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: 'soon', toBlock: '0x1' }], undefined, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: '0x0' }], undefined, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', [{ fromBlock: '0x100000', toBlock: '0x0' }], undefined, MAX)).toBeUndefined();
    expect(logRangeRefusal('eth_getLogs', 'not a list', undefined, MAX)).toBeUndefined();
    expect(logFilterRange([{ fromBlock: 7 }])).toBeUndefined();
  });
});
