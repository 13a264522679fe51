import { encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { REVERTED_TEXT, revertedOperationError } from './revertedOperation.ts';

const standard = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error NotOwner(address)']);

describe("the error a reverted user operation's eth_sendTransaction answers", () => {
  it("is the node's 'execution reverted', with the contract's reason where it gave one", () => {
    expect(revertedOperationError(encodeErrorResult({ abi: standard, errorName: 'Error', args: ['transfer refused'] })).message).toBe('execution reverted: transfer refused');
    expect(revertedOperationError(encodeErrorResult({ abi: standard, errorName: 'Panic', args: [0x11n] })).message).toBe('execution reverted: panic 17');
    expect(revertedOperationError('0x').message).toBe(REVERTED_TEXT);
    expect(revertedOperationError(undefined).message).toBe(REVERTED_TEXT);
  });

  it('names a custom error by its selector, and cuts a long reason', () => {
    const custom = encodeErrorResult({ abi: standard, errorName: 'NotOwner', args: ['0x0000000000000000000000000000000000000001'] });
    expect(revertedOperationError(custom).message).toBe(`execution reverted: ${custom.slice(0, 10)}`);
    const long = revertedOperationError(encodeErrorResult({ abi: standard, errorName: 'Error', args: ['x'.repeat(1000)] })).message;
    expect(long).toBe(`execution reverted: ${'x'.repeat(160)}`);
    expect(revertedOperationError('not hex').message).toBe(REVERTED_TEXT);
  });
});
