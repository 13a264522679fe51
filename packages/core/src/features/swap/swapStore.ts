import type { SwapToken } from '../../api/convertApi.ts';
import { createStore } from '../../createStore.ts';
import { SWAP_SLIPPAGE_DEFAULT } from '../../constants.ts';

/** A quote as Swap holds it: for which pair and amount, and what it gives. */
export interface HeldQuote {
  from: string;
  to: string;
  fromAmount: string;
  toAmount: string;
  priceImpact: number;
}

// SPEC §2 Swap, §9 slippage. A switch of network resets it, as Send's.
export interface SwapState {
  /** What the site's server swaps on the active network; undefined until read. */
  tokens?: SwapToken[];
  /** CAIP-10 ids of the token sold and the token bought. */
  sourceToken?: string;
  toToken?: string;
  /** As typed, in whole units of the source token. */
  sourceTokenAmount?: string;
  quote?: HeldQuote;
  /** What the router may spend of the source token (smallest unit); undefined for the native coin or unknown. */
  allowance?: string;
  /** Wei per gas from the site's server. */
  gasPrice?: string;
  /** Gas of the swap transaction as built (known once the allowance covers it). */
  swapGas?: string;
  /** Percent (SPEC §9 default 1). */
  slippage: number;
  loadingTokens: boolean;
  loadingQuote: boolean;
  /** What the confirm is waiting for. */
  step?: 'approving' | 'swapping';
  /** What stops the swap now. */
  error?: string;
}

const EMPTY_SWAP: SwapState = { slippage: SWAP_SLIPPAGE_DEFAULT, loadingTokens: false, loadingQuote: false };
/** The most a visitor may accept the price to move against them. */
export const MAX_SLIPPAGE = 50;

export function createSwapStore() {
  const store = createStore<SwapState>(EMPTY_SWAP);
  const clearQuote = { quote: undefined, swapGas: undefined, error: undefined };
  return {
    ...store,
    setAmount: (sourceTokenAmount: string) => store.set({ sourceTokenAmount: String(sourceTokenAmount).slice(0, 100), ...clearQuote }),
    /** Picks a token for one side; picking the other side's token swaps the sides. */
    setToken: (side: 'source' | 'to', address: string) => {
      const { sourceToken, toToken } = store.get();
      const value = String(address).slice(0, 200);
      if (side === 'source') store.set(value === toToken ? { sourceToken: value, toToken: sourceToken } : { sourceToken: value });
      else store.set(value === sourceToken ? { toToken: value, sourceToken: toToken } : { toToken: value });
      store.set({ allowance: undefined, ...clearQuote });
    },
    flip: () => {
      const { sourceToken, toToken, quote } = store.get();
      store.set({ sourceToken: toToken, toToken: sourceToken, sourceTokenAmount: quote ? undefined : store.get().sourceTokenAmount, allowance: undefined, ...clearQuote });
    },
    setSlippage: (slippage: number) => {
      if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage < 0 || slippage > MAX_SLIPPAGE) {
        throw new RangeError(`setSlippage: slippage must be a percentage from 0 to ${MAX_SLIPPAGE}`);
      }
      store.set({ slippage: Math.round(slippage * 100) / 100, swapGas: undefined });
    },
    reset: () => store.set({ ...EMPTY_SWAP, tokens: undefined, sourceToken: undefined, toToken: undefined, sourceTokenAmount: undefined, allowance: undefined, gasPrice: undefined, step: undefined, ...clearQuote }),
  };
}
export type SwapStore = ReturnType<typeof createSwapStore>;
