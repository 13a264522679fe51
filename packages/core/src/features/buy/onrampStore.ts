import type { OnrampOptions, OnrampQuote } from '../../api/onrampApi.ts';
import { createStore } from '../../createStore.ts';

/** SPEC §9-ish presets for the amount (in the payment currency). */
export const ONRAMP_PRESETS = ['50', '100', '250'] as const;

// The Buy view: amount and currency, the provider's quote, then the purchase watched until it lands.
export interface OnrampState {
  options?: OnrampOptions;
  /** The options are the built-in fallback (SPEC §8: options failure). */
  fallback: boolean;
  currency: string;
  amount: string;
  /** The chosen provider's quote. */
  quote?: OnrampQuote;
  /** The chosen provider (an id of `options.providers`); undefined when the server names none. */
  provider?: string;
  /** Every provider's quote for the amount, by provider id, for the visitor to compare. */
  quotes: Readonly<Record<string, OnrampQuote>>;
  /** SPEC §8: a failed quote shows the placeholder. */
  quoteFailed: boolean;
  quoting: boolean;
  /** idle, waiting for the funds after the checkout opened, or arrived. */
  status: 'idle' | 'waiting' | 'arrived' | 'timedOut';
  /** What arrived (whole units of the native coin). */
  arrived?: string;
  error?: string;
}

const EMPTY: OnrampState = { fallback: false, currency: 'USD', amount: '100', quotes: {}, quoteFailed: false, quoting: false, status: 'idle' };

export function createOnrampStore() {
  const store = createStore<OnrampState>(EMPTY);
  return {
    ...store,
    setAmount: (amount: string) => store.set({ amount: String(amount).slice(0, 12), quote: undefined, quotes: {}, error: undefined }),
    setCurrency: (currency: string) => store.set({ currency: String(currency).slice(0, 10), quote: undefined, quotes: {}, error: undefined }),
    reset: () => store.set({ ...EMPTY, options: undefined, quote: undefined, provider: undefined, arrived: undefined, error: undefined }),
  };
}
export type OnrampStore = ReturnType<typeof createOnrampStore>;
