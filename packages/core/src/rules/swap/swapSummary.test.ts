import { describe, expect, it } from 'vitest';
import type { SwapToken } from '../../api/convertApi.ts';
import { SWAP_TEXTS, swapSummary, type SwapSummaryInput } from './swapSummary.ts';

const eth: SwapToken = { name: 'Ether', symbol: 'ETH', decimals: 18, address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', logoUri: '', price: 2000 };
const usd: SwapToken = { name: 'Test USD', symbol: 'TUSD', decimals: 6, address: 'eip155:1:0x8b8821D202c33f90a432c295627aA0264C750f59', logoUri: '', price: 1 };
const ether = 10n ** 18n;
const base: SwapSummaryInput = {
  source: eth,
  to: usd,
  sourceIsNative: true,
  sourceBalance: 2n * ether,
  nativeBalance: 2n * ether,
  nativeDecimals: 18,
  nativeSymbol: 'ETH',
  nativePriceUsd: 2000,
  slippage: 1,
};
const quote = { from: eth.address, to: usd.address, fromAmount: ether.toString(), toAmount: '1993000000', priceImpact: 0.5 };

describe('swapSummary', () => {
  it('asks for an amount first, and refuses more than the balance', () => {
    expect(swapSummary(base).error).toBe(SWAP_TEXTS.enterAmount);
    expect(swapSummary({ ...base, amountText: '0' }).error).toBe(SWAP_TEXTS.enterAmount);
    expect(swapSummary({ ...base, amountText: 'abc' }).error).toBe(SWAP_TEXTS.enterAmount);
    expect(swapSummary({ ...base, amountText: '3' }).error).toBe('Insufficient ETH balance');
  });

  it('shows the quote only for the pair and amount it was made for', () => {
    const shown = swapSummary({ ...base, amountText: '1', quote });
    expect(shown).toMatchObject({ amount: ether, toAmountText: '1993', minimumReceivedText: '1973.07', priceImpact: 0.5 });
    expect(shown.error).toBeUndefined();
    expect(shown.rate).toEqual({ sourceSymbol: 'ETH', toSymbol: 'TUSD', price: 1993 });
    expect(swapSummary({ ...base, amountText: '1.5', quote }).toAmountText).toBeUndefined();
    expect(swapSummary({ ...base, source: usd, to: eth, sourceIsNative: false, amountText: '1', quote }).toAmountText).toBeUndefined();
  });

  it('the minimum received follows the slippage', () => {
    expect(swapSummary({ ...base, amountText: '1', quote, slippage: 0.5 }).minimumReceivedText).toBe('1983.035');
    expect(swapSummary({ ...base, amountText: '1', quote, slippage: 0 }).minimumReceivedText).toBe('1993');
  });

  it('a token swap needs approval while the allowance is short; the native coin never does', () => {
    const token = { ...base, source: usd, to: eth, sourceIsNative: false, sourceBalance: 5_000_000_000n, amountText: '800' };
    expect(swapSummary({ ...token, allowance: 0n }).needsApproval).toBe(true);
    expect(swapSummary({ ...token, allowance: 800_000_000n }).needsApproval).toBe(false);
    expect(swapSummary({ ...token }).needsApproval).toBe(false); // allowance not read yet
    expect(swapSummary({ ...base, amountText: '1', allowance: 0n }).needsApproval).toBe(false);
  });

  it('prices the fee, keeps it out of the native Max, and refuses a swap that leaves no gas', () => {
    const gas = { gasPrice: 10n ** 9n, swapGas: 150_000n };
    const summary = swapSummary({ ...base, ...gas, amountText: '1' });
    expect(summary.feeUsd).toBeCloseTo(0.3, 6);
    expect(summary.maxText).toBe('1.99985');
    expect(swapSummary({ ...base, ...gas, amountText: '2' }).error).toBe('Not enough ETH for the network fee');
    const token = swapSummary({ ...base, ...gas, source: usd, to: eth, sourceIsNative: false, sourceBalance: 10_000_000n, nativeBalance: 0n, amountText: '1' });
    expect([token.maxText, token.error]).toEqual(['10', 'Not enough ETH for the network fee']);
  });

  it('shows nothing to swap without both tokens', () => {
    expect(swapSummary({ ...base, to: undefined })).toEqual({ needsApproval: false, maxText: '0' });
  });
});
