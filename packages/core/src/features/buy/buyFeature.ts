import type { CairnFeature } from '../cairnFeature.ts';
import { createOnrampStore, type OnrampStore } from './onrampStore.ts';
import { loadedOnrampFlow, loadOnrampFlow } from './loadOnrampFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    onramp: OnrampStore;
  }
  interface FeatureFacades {
    /** Buy (SPEC §7 onramp): its own chunk. */
    readonly onramp: CairnOnrampActions;
  }
  interface FeatureViews {
    Buy: 'buy';
  }
}

export interface CairnOnrampActions {
  prefetch(): void;
  /** The provider's options (the built-in defaults when they fail) and a first quote. */
  prepare(): Promise<void>;
  /** Sets the amount (in the payment currency) and quotes it. */
  setAmount(amount: string): Promise<void>;
  setCurrency(currency: string): Promise<void>;
  /** Chooses one of the server's providers (`options.providers`): its quote is shown, and its checkout opens. */
  setProvider(provider: string): Promise<void>;
  /** Opens the provider's checkout in a popup and watches for the coins; resolves true once they arrived. */
  buy(): Promise<boolean>;
  /** Buy was left: stops watching. */
  stop(): void;
  /** The card limits of the chosen currency, and whether the provider pays on this network; undefined until loaded. */
  limits(): { min: number; max: number; offered: boolean } | undefined;
}

/** Buy: the onramp provider's quote and checkout, watched until the coins arrive (SPEC §7). */
export const buyFeature: CairnFeature = {
  stores: { onramp: createOnrampStore },
  // SPEC §4: a disconnect or another network clears the form.
  resetOnDisconnect: (ctx) => ctx.onramp.reset(),
  resetOnNetworkChange: (ctx) => ctx.onramp.reset(),
  facade: {
    onramp: (ctx) => ({
      prefetch: () => void loadOnrampFlow().catch(() => undefined),
      prepare: () => loadOnrampFlow().then((flow) => flow.prepareOnramp(ctx)),
      setAmount: (amount) => {
        ctx.onramp.setAmount(amount);
        return loadOnrampFlow().then((flow) => flow.quoteOnramp(ctx));
      },
      setCurrency: (currency) => {
        if (!ctx.onramp.get().options?.paymentCurrencies.some((entry) => entry.id === currency)) {
          return Promise.reject(new TypeError('onramp.setCurrency: not a currency the provider offers'));
        }
        ctx.onramp.setCurrency(currency);
        return loadOnrampFlow().then((flow) => flow.quoteOnramp(ctx));
      },
      setProvider: (provider) => loadOnrampFlow().then((flow) => flow.chooseOnrampProvider(ctx, provider)),
      buy: () =>
        loadOnrampFlow().then((flow) =>
          flow.startPurchase(ctx, (url) => {
            if (typeof window !== 'undefined') window.open(url, 'cairn-onramp', 'popup,width=440,height=680');
          }),
        ),
      stop: () => loadedOnrampFlow()?.stopWatching(ctx),
      limits: () => {
        const flow = loadedOnrampFlow();
        const limits = flow?.onrampLimits(ctx);
        return flow && limits ? { ...limits, offered: flow.onrampOffersNetwork(ctx) } : undefined;
      },
    }),
  },
};
