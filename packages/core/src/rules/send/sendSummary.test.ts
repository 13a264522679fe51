import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { SendText, sendSummary, type SendSummaryInput } from './sendSummary.ts';

const ETH = { symbol: 'ETH', name: 'Ether', decimals: 18, balance: '1', usdValue: 2000 };
const CAIRN = { address: '0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB', symbol: 'CAIRN', name: 'Cairn', decimals: 18, balance: '10', usdValue: 25 };
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const base: SendSummaryInput = {
  feeUnit: 'gas',
  token: ETH,
  nativeDecimals: 18,
  nativeBalance: 10n ** 18n,
  nativePriceUsd: 2000,
  normalizeAddress: (address) => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('invalid');
    return address;
  },
  gasPrice: 10n ** 9n,
  gasEstimate: 21_000n,
  accountType: 'eoa',
};

describe('sendSummary', () => {
  it('a valid native send: amount, receiver, the fee in wei and USD, Max keeping the gas', () => {
    const { feeUsd, ...summary } = sendSummary({ ...base, amountText: '0.5', receiverText: RECEIVER });
    expect(summary).toEqual({ amount: 5n * 10n ** 17n, receiver: RECEIVER, gasCost: 21_000n * 10n ** 9n, maxText: '0.999979' });
    expect(feeUsd).toBeCloseTo(0.042, 9);
  });

  it("names the problem: 'Please enter a valid amount and receiver address'", () => {
    expect(sendSummary({ ...base, amountText: 'abc', receiverText: RECEIVER }).error).toBe(ErrorText.invalidAmountOrReceiver);
    expect(sendSummary({ ...base, amountText: '0.5', receiverText: '0x123' }).error).toBe(ErrorText.invalidAmountOrReceiver);
  });

  it('refuses a native send that leaves nothing for the gas, and a token send above the balance', () => {
    expect(sendSummary({ ...base, amountText: '1', receiverText: RECEIVER }).error).toBe(SendText.insufficientFunds);
    expect(sendSummary({ ...base, token: CAIRN, amountText: '11', receiverText: RECEIVER }).error).toBe(SendText.insufficientToken);
    expect(sendSummary({ ...base, token: CAIRN, amountText: '10', receiverText: RECEIVER }).error).toBeUndefined();
    expect(sendSummary({ ...base, nativeBalance: 0n, token: CAIRN, amountText: '1', receiverText: RECEIVER }).error).toBe(SendText.insufficientFunds);
    expect(sendSummary({ ...base, nativeBalance: 0n, accountType: 'smartAccount', token: CAIRN, amountText: '1', receiverText: RECEIVER }).error).toBeUndefined();
  });

  it('Max for a token is its whole balance', () => {
    expect(sendSummary({ ...base, token: CAIRN }).maxText).toBe('10');
  });
});
