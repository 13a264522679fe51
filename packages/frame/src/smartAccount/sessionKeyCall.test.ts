import { decodeFunctionData, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnAccountAbi } from './cairnAccount.ts';
import { sessionKeyCall } from './sessionKeyCall.ts';

const account = getAddress('0x1111111111111111111111111111111111111111');
const key = getAddress('0x2222222222222222222222222222222222222222');
const target = getAddress('0x3333333333333333333333333333333333333333');

describe("a session key's change as the account's call to itself", () => {
  it('grants exactly the key, target, selector, cap, expiry, gas budget and allowance the screen shows, at no value', () => {
    const call = sessionKeyCall({ method: 'wallet_grantPermissions', grant: { key, target, selector: '0x12345678', valueLimit: 5n, gasBudget: 7n, allowance: 9n, expiry: 1_900_000_000 } }, account);
    expect(call.to).toBe(account);
    expect(call.value).toBe(0n);
    expect(decodeFunctionData({ abi: cairnAccountAbi, data: call.data! })).toEqual({ functionName: 'grantSession', args: [key, target, '0x12345678', 5n, 1_900_000_000, 7n, 9n] });
  });

  it('grants plain transfers only (selector 0) when the grant names no function', () => {
    const call = sessionKeyCall({ method: 'wallet_grantPermissions', grant: { key, target, valueLimit: 1n, gasBudget: 0n, allowance: 1n, expiry: 1_900_000_000 } }, account);
    expect(decodeFunctionData({ abi: cairnAccountAbi, data: call.data! }).args[2]).toBe('0x00000000');
  });

  it('revokes the key named', () => {
    const call = sessionKeyCall({ method: 'wallet_revokePermissions', key }, account);
    expect(call).toMatchObject({ to: account, value: 0n });
    expect(decodeFunctionData({ abi: cairnAccountAbi, data: call.data! })).toEqual({ functionName: 'revokeSession', args: [key] });
  });
});
