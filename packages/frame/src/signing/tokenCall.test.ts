import { encodeFunctionData, maxUint256, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { readTokenCall } from './tokenCall.ts';

const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function deposit()',
]);

describe('reading the token calls that move or allow tokens', () => {
  it('reads transfer, transferFrom, approve (the largest amount as unlimited), increaseAllowance and setApprovalForAll', () => {
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'transfer', args: [spender, 5n] }))).toEqual({ name: 'transfer', to: spender, amount: 5n });
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'transferFrom', args: [owner, spender, 7n] }))).toEqual({ name: 'transferFrom', from: owner, to: spender, amount: 7n });
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'approve', args: [spender, maxUint256] }))).toEqual({ name: 'approve', spender, amount: 'unlimited' });
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'approve', args: [spender, 10n] }))).toEqual({ name: 'approve', spender, amount: 10n });
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'increaseAllowance', args: [spender, 1n] }))).toEqual({ name: 'increaseAllowance', spender, amount: 1n });
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender, true] }))).toEqual({ name: 'setApprovalForAll', spender, approved: true });
  });

  it('reads no other call, and no token call of another length than its arguments', () => {
    expect(readTokenCall(encodeFunctionData({ abi, functionName: 'deposit' }))).toBeUndefined();
    expect(readTokenCall('0xa9059cbb')).toBeUndefined();
    expect(readTokenCall(`${encodeFunctionData({ abi, functionName: 'approve', args: [spender, 10n] })}00`)).toBeUndefined();
    expect(readTokenCall(`${encodeFunctionData({ abi, functionName: 'approve', args: [spender, 10n] })}${'00'.repeat(32)}`)).toBeUndefined();
  });
});
