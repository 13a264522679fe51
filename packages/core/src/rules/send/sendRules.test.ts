import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../errors.ts';
import { feeFieldsError } from './feeFields.ts';
import { nodeErrorText } from './nodeErrorText.ts';
import { parseSendAmount } from './parseSendAmount.ts';
import { BLOB_DATA_LIMIT, sendCallsError } from './sendCallsValidation.ts';
import { sendableTokens } from './sendableTokens.ts';
import { coversNativeSend, hasInsufficientGas, maxNativeAmount, sendValidationError } from './sendValidation.ts';

describe('parseSendAmount', () => {
  it('reads whole units to the smallest unit without a float', () => {
    expect(parseSendAmount('1.5', 18)).toEqual({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(parseSendAmount(' 0.000001 ', 6)).toEqual({ ok: true, value: 1n });
    expect(parseSendAmount('.5', 1)).toEqual({ ok: true, value: 5n });
    expect(parseSendAmount('0.1', 18)).toEqual({ ok: true, value: 100_000_000_000_000_000n });
  });

  it('reads one comma as the decimal point, and refuses thousands separators', () => {
    expect(parseSendAmount('1,5', 18)).toEqual({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(parseSendAmount('1,000.5', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('1,000,000', 18)).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses too many decimals, negatives, exponents, huge values, zero and empty', () => {
    expect(parseSendAmount('1.1234567', 6)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseSendAmount('-1', 18)).toEqual({ ok: false, reason: 'negative' });
    expect(parseSendAmount('-0.5', 18)).toEqual({ ok: false, reason: 'negative' });
    expect(parseSendAmount('-', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('--1', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('1e18', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('9'.repeat(80), 0)).toEqual({ ok: false, reason: 'too-large' });
    expect(parseSendAmount((2n ** 256n).toString(), 0)).toEqual({ ok: false, reason: 'too-large' });
    expect(parseSendAmount('0.000', 18)).toEqual({ ok: false, reason: 'zero' });
    expect(parseSendAmount('', 18)).toEqual({ ok: false, reason: 'empty' });
    expect(parseSendAmount('.', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('1 000', 18)).toEqual({ ok: false, reason: 'format' });
    expect(parseSendAmount('0x10', 18)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('sendValidationError (SPEC §5)', () => {
  const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('an ERC-20 send needs token address, amount and receiver', () => {
    expect(sendValidationError({ feeUnit: 'gas', tokenAddress: '0x1', amount: 1n, receiver })).toBeUndefined();
    expect(sendValidationError({ feeUnit: 'gas', tokenAddress: '0x1', amount: 1n })).toBe(ErrorText.invalidAmountOrReceiver);
    expect(sendValidationError({ feeUnit: 'gas', tokenAddress: '0x1', receiver })).toBe(ErrorText.invalidAmountOrReceiver);
  });
  it('a native send whose fee is counted in gas (eip155) also needs the gas price and decimals', () => {
    expect(sendValidationError({ feeUnit: 'gas', amount: 1n, receiver, gasPrice: 1n, decimals: 18 })).toBeUndefined();
    expect(sendValidationError({ feeUnit: 'gas', amount: 1n, receiver, decimals: 18 })).toBe(ErrorText.invalidAmountOrReceiver);
    expect(sendValidationError({ feeUnit: 'gas', amount: 1n, receiver, gasPrice: 1n })).toBe(ErrorText.invalidAmountOrReceiver);
  });
  it('a send whose fee is in the native coin (solana, polkadot, bip122) needs only amount and receiver, no gas price', () => {
    expect(sendValidationError({ feeUnit: 'native', amount: 1n, receiver: 'x' })).toBeUndefined();
    expect(sendValidationError({ feeUnit: 'native', amount: 1n, receiver: 'x', decimals: 9 })).toBeUndefined();
    expect(ErrorText.invalidAmountOrReceiver).toBe('Please enter a valid amount and receiver address');
    expect(sendValidationError({ feeUnit: 'native', amount: 0n, receiver: 'x' })).toBe(ErrorText.invalidAmountOrReceiver);
    expect(sendValidationError({ feeUnit: 'native', amount: 1n })).toBe(ErrorText.invalidAmountOrReceiver);
  });
});

describe('gas', () => {
  it('is insufficient when the native balance is zero or below the gas cost, unless a smart account', () => {
    expect(hasInsufficientGas({ nativeBalance: 0n, gasCost: 0n, accountType: 'eoa' })).toBe(true);
    expect(hasInsufficientGas({ nativeBalance: 10n, gasCost: 11n, accountType: 'eoa' })).toBe(true);
    expect(hasInsufficientGas({ nativeBalance: 10n, gasCost: 10n, accountType: 'eoa' })).toBe(false);
    expect(hasInsufficientGas({ nativeBalance: 0n, gasCost: 5n, accountType: 'smartAccount' })).toBe(false);
  });
  it('a native Max keeps the gas; the amount and gas must fit the balance', () => {
    expect(maxNativeAmount(100n, 21n)).toBe(79n);
    expect(maxNativeAmount(10n, 21n)).toBe(0n);
    expect(coversNativeSend({ nativeBalance: 100n, amount: 79n, gasCost: 21n })).toBe(true);
    expect(coversNativeSend({ nativeBalance: 100n, amount: 80n, gasCost: 21n })).toBe(false);
  });
});

describe('feeFieldsError (SPEC §5)', () => {
  it('refuses gasPrice beside EIP-1559 fields, a max fee above 2^256-1, a tip above the max fee', () => {
    expect(feeFieldsError({ gasPrice: 1n })).toBeUndefined();
    expect(feeFieldsError({ maxFeePerGas: 2n, maxPriorityFeePerGas: 1n })).toBeUndefined();
    expect(feeFieldsError({ gasPrice: 1n, maxFeePerGas: 2n })).toMatch(/both gasPrice and maxFeePerGas/);
    expect(feeFieldsError({ gasPrice: 1n, maxPriorityFeePerGas: 2n })).toMatch(/both gasPrice/);
    expect(feeFieldsError({ maxFeePerGas: 2n ** 256n })).toBe('maxFeePerGas cannot be higher than 2^256-1');
    expect(feeFieldsError({ maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })).toBe('maxPriorityFeePerGas cannot be higher than maxFeePerGas');
  });
});

describe('nodeErrorText (SPEC §8)', () => {
  it.each([
    ['execution reverted: ERC20: transfer amount exceeds balance', /contract refused/],
    ['max fee per gas less than block base fee', /below what the network asks/],
    ['tx fee (2.00 ether) exceeds the configured cap (1.00 ether)', /higher than the node accepts/],
    ['nonce too high', /nonce too high/],
    ['nonce too low', /already sent/],
    ['nonce has max value', /maximum/],
    ['insufficient funds for gas * price + value', /Not enough funds/],
    ['intrinsic gas too low', /gas limit is too low/],
    ['exceeds block gas limit', /higher than a block allows/],
    ['transaction type not supported', /does not support/],
    ['max priority fee per gas higher than max fee per gas', /priority fee is higher/],
  ])('%s', (message, sentence) => {
    expect(nodeErrorText(message)).toMatch(sentence);
  });
  it('leaves an unknown error alone', () => expect(nodeErrorText('something else')).toBeUndefined());
});

describe('sendCallsError (SPEC §5)', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('needs a `to` and 0x data for each call', () => {
    expect(sendCallsError([{ calls: [{ to, data: '0x' }] }])).toBeUndefined();
    expect(sendCallsError([{ calls: [{ data: '0x' }] }])).toMatch(/call 0 needs a `to`/);
    expect(sendCallsError([{ calls: [{ to, data: 'abcd' }] }])).toMatch(/starting with 0x/);
    expect(sendCallsError([{ calls: [] }])).toMatch(/at least one call/);
    expect(sendCallsError('x')).toMatch(/params must be/);
  });
  it(`limits blobs to ${BLOB_DATA_LIMIT} bytes`, () => {
    expect(sendCallsError([{ calls: [{ to }], blobs: [`0x${'00'.repeat(BLOB_DATA_LIMIT)}`] }])).toBeUndefined();
    expect(sendCallsError([{ calls: [{ to }], blobs: [`0x${'00'.repeat(BLOB_DATA_LIMIT + 1)}`] }])).toMatch(/above the limit of 761855/);
  });
});

describe('sendableTokens', () => {
  it('lists the native coin first, then tokens by USD value', () => {
    const native = { symbol: 'ETH', name: 'Ether', decimals: 18, balance: '1', usdValue: 1 };
    const token = (symbol: string, value: number) => ({
      name: symbol,
      symbol,
      chainId: 'eip155:1' as const,
      address: `eip155:1:0x${symbol.padStart(40, '0')}`,
      value,
      price: 1,
      quantity: { decimals: '18', numeric: '1' },
      iconUrl: '',
    });
    expect(sendableTokens(native, [token('AAA', 5), token('BBB', 50)]).map((t) => t.symbol)).toEqual(['ETH', 'BBB', 'AAA']);
  });
});
