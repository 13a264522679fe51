import { describe, expect, it } from 'vitest';
import { sendFeeText } from './sendFeeText.ts';

describe('sendFeeText', () => {
  it('is in USD when the native price is known', () => {
    expect(sendFeeText({ namespace: 'eip155', fee: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH', priceUsd: 2000 })).toBe('$0.04');
  });

  it('is in the native coin when it needs six decimals or fewer, never in wei', () => {
    expect(sendFeeText({ namespace: 'eip155', fee: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' })).toBe('0.000021 ETH');
    expect(sendFeeText({ namespace: 'eip155', fee: 21_000n * 1_875_000_000n, decimals: 18, symbol: 'ETH' })).toBe('0.00003938 ETH');
    expect(sendFeeText({ namespace: 'solana', fee: 5000n, decimals: 9, symbol: 'SOL' })).toBe('0.000005 SOL');
    expect(sendFeeText({ namespace: 'polkadot', fee: 1_534_000_123n, decimals: 12, symbol: 'ROC' })).toBe('0.001534 ROC');
    expect(sendFeeText({ namespace: 'bip122', fee: 141n, decimals: 8, symbol: 'BTC' })).toBe('0.00000141 BTC');
  });

  it("is in the namespace's small unit when the coin would need more digits: gwei, lamports, planck, sats", () => {
    expect(sendFeeText({ namespace: 'eip155', fee: 21_000n * 1_000_000n, decimals: 18, symbol: 'ETH' })).toBe('21 gwei');
    expect(sendFeeText({ namespace: 'eip155', fee: 21_000n * 12_345n, decimals: 18, symbol: 'ETH' })).toBe('0.2592 gwei');
    expect(sendFeeText({ namespace: 'solana', fee: 500n, decimals: 9, symbol: 'SOL' })).toBe('500 lamports');
    expect(sendFeeText({ namespace: 'polkadot', fee: 123_456n, decimals: 12, symbol: 'ROC' })).toBe('123500 planck');
    expect(sendFeeText({ namespace: 'bip122', fee: 99n, decimals: 8, symbol: 'BTC' })).toBe('99 sats');
  });

  it('a zero fee reads as zero of the coin', () => {
    expect(sendFeeText({ namespace: 'eip155', fee: 0n, decimals: 18, symbol: 'ETH' })).toBe('0 ETH');
  });
});
