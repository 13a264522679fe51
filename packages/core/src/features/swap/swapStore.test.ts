import { describe, expect, it } from 'vitest';
import { createSwapStore } from './swapStore.ts';

describe('swap store', () => {
  it('starts at SPEC §9 slippage 1 and keeps it within 0 to 50', () => {
    const swap = createSwapStore();
    expect(swap.get().slippage).toBe(1);
    swap.setSlippage(0.555);
    expect(swap.get().slippage).toBe(0.56);
    for (const bad of [-1, 51, Number.NaN, '1' as unknown as number]) expect(() => swap.setSlippage(bad)).toThrow(RangeError);
    expect(swap.get().slippage).toBe(0.56);
  });

  it("picking the other side's token swaps the sides; flip swaps them and drops the quote", () => {
    const swap = createSwapStore();
    swap.set({ sourceToken: 'a', toToken: 'b', sourceTokenAmount: '1', quote: { from: 'a', to: 'b', fromAmount: '1', toAmount: '2', priceImpact: 0 } });
    swap.setToken('source', 'b');
    expect([swap.get().sourceToken, swap.get().toToken, swap.get().quote]).toEqual(['b', 'a', undefined]);
    swap.setToken('to', 'c');
    expect([swap.get().sourceToken, swap.get().toToken]).toEqual(['b', 'c']);
    swap.flip();
    expect([swap.get().sourceToken, swap.get().toToken]).toEqual(['c', 'b']);
  });

  it('bounds what is typed and resets to empty', () => {
    const swap = createSwapStore();
    swap.setAmount('9'.repeat(1000));
    expect(swap.get().sourceTokenAmount).toHaveLength(100);
    swap.reset();
    expect(swap.get()).toEqual({ slippage: 1, loadingTokens: false, loadingQuote: false });
  });
});
