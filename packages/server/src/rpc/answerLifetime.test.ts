import { describe, expect, it } from 'vitest';
import { answerLifetime, isFinalAnswer } from './answerLifetime.ts';

describe('answerLifetime', () => {
  it('keeps what cannot change for good, and a block time for what changes with each block', () => {
    expect(answerLifetime('eip155', 'eth_chainId', [])).toBe('forever');
    expect(answerLifetime('eip155', 'eth_getBlockByHash', ['0xab', false])).toBe('forever');
    expect(answerLifetime('eip155', 'eth_getTransactionReceipt', ['0xab'])).toBe('forever');
    expect(answerLifetime('eip155', 'eth_blockNumber', [])).toBe('block');
    expect(answerLifetime('eip155', 'eth_gasPrice', [])).toBe('block');
  });

  it('keeps a call only when it names its block by number or hash', () => {
    const call = { to: '0x0000000000000000000000000000000000000001', data: '0x' };
    expect(answerLifetime('eip155', 'eth_call', [call, '0x10'])).toBe('forever');
    expect(answerLifetime('eip155', 'eth_call', [call, { blockHash: '0xab' }])).toBe('forever');
    for (const tag of ['latest', 'pending', 'safe', 'finalized', 'earliest', undefined]) expect(answerLifetime('eip155', 'eth_call', [call, tag]), String(tag)).toBeUndefined();
    expect(answerLifetime('eip155', 'eth_call', [call, { blockHash: '0xab', requireCanonical: false }])).toBeUndefined();
  });

  it('keeps nothing that follows the chain head or the sender', () => {
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_sendRawTransaction', 'eth_estimateGas', 'eth_getFilterChanges']) expect(answerLifetime('eip155', method, []), method).toBeUndefined();
    expect(answerLifetime('solana', 'getBalance', [])).toBeUndefined();
  });
});

describe('isFinalAnswer', () => {
  it('asks again for a receipt not yet mined and a block not yet known', () => {
    expect(isFinalAnswer('eth_getTransactionReceipt', null)).toBe(false);
    expect(isFinalAnswer('eth_getTransactionReceipt', { blockHash: '0xab', status: '0x1' })).toBe(true);
    expect(isFinalAnswer('eth_getBlockByHash', null)).toBe(false);
    expect(isFinalAnswer('eth_getBlockByHash', { hash: '0xab', number: '0x1' })).toBe(true);
    expect(isFinalAnswer('eth_chainId', '0x7a69')).toBe(true);
  });
});
