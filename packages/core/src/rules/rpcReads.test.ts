import { describe, expect, it } from 'vitest';
import { isIdempotentRead } from './rpcReads.ts';

describe('isIdempotentRead', () => {
  it('takes the reads the widget and the frame make (EVM and Solana)', () => {
    for (const method of ['eth_getBalance', 'eth_call', 'eth_getTransactionReceipt', 'getBalance', 'getLatestBlockhash']) expect(isIdempotentRead(method)).toBe(true);
  });

  it('never a send, a signature, or a filter whose changes a read consumes', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sign', 'eth_newBlockFilter', 'eth_getFilterChanges', 'sendTransaction', 'toString']) {
      expect(isIdempotentRead(method)).toBe(false);
    }
  });
});
