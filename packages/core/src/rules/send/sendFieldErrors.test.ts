import { describe, expect, it } from 'vitest';
import { parseSendAmount } from './parseSendAmount.ts';
import { looksLikeName, SEND_FIELD_TEXTS, sendFieldErrors, type SendFieldInput } from './sendFieldErrors.ts';

const USDC = { symbol: 'USDC', decimals: 6 };
const fields = (amount: string, receiver: SendFieldInput['receiver'] = 'valid', extra: Partial<SendFieldInput> = {}) =>
  sendFieldErrors({ amount: parseSendAmount(amount, USDC.decimals), receiver, token: USDC, showMissing: false, ...extra });

describe('sendFieldErrors', () => {
  it('names what is wrong with the amount', () => {
    expect(fields('abc')).toEqual({ amount: SEND_FIELD_TEXTS.amountNotANumber });
    expect(fields('-1')).toEqual({ amount: SEND_FIELD_TEXTS.amountNegative });
    expect(fields('0')).toEqual({ amount: SEND_FIELD_TEXTS.amountZero });
    expect(fields('1.1234567')).toEqual({ amount: 'USDC has at most 6 decimals' });
    expect(fields('9'.repeat(90))).toEqual({ amount: SEND_FIELD_TEXTS.amountTooLarge });
    expect(fields('1.5')).toEqual({});
  });

  it("keeps the balance's word on a well-formed amount", () => {
    expect(fields('5', 'valid', { balanceError: 'Insufficient funds for the amount and the network fee' })).toEqual({ amount: 'Insufficient funds for the amount and the network fee' });
    expect(fields('abc', 'valid', { balanceError: 'Insufficient balance' })).toEqual({ amount: SEND_FIELD_TEXTS.amountNotANumber });
  });

  it('names an invalid receiver at once, and an empty field only once the review was asked for', () => {
    expect(fields('1', 'invalid')).toEqual({ receiver: SEND_FIELD_TEXTS.receiverInvalid });
    expect(fields('', 'empty')).toEqual({});
    expect(fields('', 'empty', { showMissing: true })).toEqual({ amount: SEND_FIELD_TEXTS.amountMissing, receiver: SEND_FIELD_TEXTS.receiverMissing });
    expect(fields('1', 'name')).toEqual({});
  });
});

describe('looksLikeName', () => {
  it('is a dotted name, not an address', () => {
    expect(looksLikeName('alice.cairn.id')).toBe(true);
    expect(looksLikeName(' bob.wcn.id ')).toBe(true);
    expect(looksLikeName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false);
    expect(looksLikeName('alice')).toBe(false);
  });
});
