import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { SEND_FIELD_TEXTS } from './sendFieldErrors.ts';
import { SendText, sendSummary, type SendSummaryInput } from './sendSummary.ts';

const ETH = { symbol: 'ETH', name: 'Ether', decimals: 18, balance: '1', usdValue: 2000 };
const CAIRN = { address: '0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB', symbol: 'CAIRN', name: 'Cairn', decimals: 18, balance: '10', usdValue: 25 };
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const base: SendSummaryInput = {
  namespace: 'eip155',
  feeUnit: 'gas',
  token: ETH,
  nativeDecimals: 18,
  nativeSymbol: 'ETH',
  nativeBalance: 10n ** 18n,
  nativePriceUsd: 2000,
  namesAllowed: true,
  normalizeAddress: (address) => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('invalid');
    return address;
  },
  gasPrice: 10n ** 9n,
  gasEstimate: 21_000n,
  accountType: 'eoa',
};

describe('sendSummary', () => {
  it('a valid native send: amount, receiver, the fee in USD, Max keeping the gas', () => {
    const { feeUsd, ...summary } = sendSummary({ ...base, amountText: '0.5', receiverText: RECEIVER });
    expect(summary).toEqual({ amount: 5n * 10n ** 17n, receiver: RECEIVER, gasCost: 21_000n * 10n ** 9n, feeText: '$0.04', maxText: '0.999979', fields: {} });
    expect(feeUsd).toBeCloseTo(0.042, 9);
  });

  it('without a USD price the fee is in ETH, not in wei', () => {
    const { nativePriceUsd: _price, ...unpriced } = base;
    expect(sendSummary({ ...unpriced, amountText: '0.5', receiverText: RECEIVER }).feeText).toBe('0.000021 ETH');
  });

  it('says per field what is wrong as it is typed: "abc", a negative amount, an invalid address', () => {
    expect(sendSummary({ ...base, amountText: 'abc', receiverText: RECEIVER }).fields).toEqual({ amount: SEND_FIELD_TEXTS.amountNotANumber });
    expect(sendSummary({ ...base, amountText: '-1', receiverText: RECEIVER }).fields).toEqual({ amount: SEND_FIELD_TEXTS.amountNegative });
    expect(sendSummary({ ...base, amountText: '0.5', receiverText: '0x123' }).fields).toEqual({ receiver: SEND_FIELD_TEXTS.receiverInvalid });
    expect(sendSummary({ ...base, amountText: '0.5', receiverText: '0x123' }).error).toBe(SEND_FIELD_TEXTS.receiverInvalid);
  });

  it('an empty field is no mistake until the review is asked for, but it stops the send', () => {
    const untouched = sendSummary({ ...base });
    expect(untouched.fields).toEqual({});
    expect(untouched.error).toBe(ErrorText.invalidAmountOrReceiver);
    expect(sendSummary({ ...base, showMissing: true }).fields).toEqual({ amount: SEND_FIELD_TEXTS.amountMissing, receiver: SEND_FIELD_TEXTS.receiverMissing });
  });

  it('a name being typed is no invalid address where names are offered', () => {
    expect(sendSummary({ ...base, amountText: '0.5', receiverText: 'alice.cairn.id' }).fields).toEqual({});
    expect(sendSummary({ ...base, namesAllowed: false, amountText: '0.5', receiverText: 'alice.cairn.id' }).fields).toEqual({ receiver: SEND_FIELD_TEXTS.receiverInvalid });
  });

  it('says under the amount when the funds do not cover it, before a receiver is typed', () => {
    expect(sendSummary({ ...base, amountText: '1' }).fields).toEqual({ amount: SendText.insufficientFunds });
    expect(sendSummary({ ...base, amountText: '1', receiverText: RECEIVER }).error).toBe(SendText.insufficientFunds);
    expect(sendSummary({ ...base, token: CAIRN, amountText: '11', receiverText: RECEIVER }).error).toBe(SendText.insufficientToken);
    expect(sendSummary({ ...base, token: CAIRN, amountText: '10', receiverText: RECEIVER }).error).toBeUndefined();
    expect(sendSummary({ ...base, nativeBalance: 0n, token: CAIRN, amountText: '1', receiverText: RECEIVER }).error).toBe(SendText.insufficientFunds);
    expect(sendSummary({ ...base, nativeBalance: 0n, accountType: 'smartAccount', token: CAIRN, amountText: '1', receiverText: RECEIVER }).error).toBeUndefined();
  });

  it("SPEC §5: a native send without the gas price is refused with SPEC's text, as the form's", () => {
    const { gasPrice: _gasPrice, ...unpriced } = base;
    const summary = sendSummary({ ...unpriced, amountText: '0.5', receiverText: RECEIVER });
    expect(summary.fields).toEqual({});
    expect(summary.formError).toBe(ErrorText.invalidAmountOrReceiver);
    expect(summary.error).toBe(ErrorText.invalidAmountOrReceiver);
  });

  it('Max for a token is its whole balance', () => {
    expect(sendSummary({ ...base, token: CAIRN }).maxText).toBe('10');
  });
});
