import type { CairnFeature } from '../cairnFeature.ts';
import type { SwapToken } from '../../api/convertApi.ts';
import type { SwapSummary } from '../../rules/swap/swapSummary.ts';
import { createSwapStore, type SwapStore } from './swapStore.ts';
import { loadedSwapFlow, loadSwapFlow } from './loadSwapFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    swap: SwapStore;
  }
  interface FeatureFacades {
    /** Swap (SPEC §2, §7): its own chunk, fetched by `prepare` or `prefetch`. */
    readonly swap: CairnSwapActions;
  }
  interface FeatureViews {
    Swap: 'swap';
    SwapPreview: 'swap';
  }
}

export interface CairnSwapActions {
  prefetch(): void;
  /** The tokens the site's server swaps here, the gas price, and a first quote. */
  prepare(): Promise<void>;
  /** Sets the amount (whole units, as typed) and asks for a quote once typing pauses. */
  setAmount(amount: string): void;
  /** Picks a token for one side (the other side's token swaps the sides) and asks for a quote. */
  setToken(side: 'source' | 'to', caip10: string): void;
  /** Swaps the sides. */
  flip(): void;
  /** Percent, 0 to 50. */
  setSlippage(percent: number): void;
  setMax(): Promise<void>;
  /** To the review when the form is complete, quoted and covered; else the reason shows. */
  review(): Promise<boolean>;
  /** Approves the router when needed, then asks the wallet to swap; resolves true once it sent. */
  confirm(): Promise<boolean>;
  /** What Swap shows and checks now; undefined until the chunk has loaded. */
  summary(): (SwapSummary & { source?: SwapToken; to?: SwapToken; sourceBalanceText: string }) | undefined;
}

/** Swap: quotes against the site's server and the wallet's swap (SPEC §2, §7). */
export const swapFeature: CairnFeature = {
  stores: { swap: createSwapStore },
  // SPEC §4: a disconnect or another network clears the form.
  resetOnDisconnect: (ctx) => ctx.swap.reset(),
  resetOnNetworkChange: (ctx) => ctx.swap.reset(),
  facade: {
    swap: (ctx) => ({
      prefetch: () => void loadSwapFlow().catch(() => undefined),
      prepare: () => loadSwapFlow().then((flow) => flow.prepareSwap(ctx)),
      setAmount: (amount) => {
        ctx.swap.setAmount(amount);
        void loadSwapFlow().then((flow) => flow.scheduleQuote(ctx));
      },
      setToken: (side, caip10) => {
        if (side !== 'source' && side !== 'to') throw new TypeError("swap.setToken: `side` must be 'source' or 'to'");
        if (!ctx.swap.get().tokens?.some((token) => token.address === caip10)) throw new TypeError('swap.setToken: not a token Swap offers here');
        ctx.swap.setToken(side, caip10);
        void loadSwapFlow().then((flow) => flow.scheduleQuote(ctx, { now: true }));
      },
      flip: () => {
        ctx.swap.flip();
        void loadSwapFlow().then((flow) => flow.scheduleQuote(ctx, { now: true }));
      },
      setSlippage: (percent) => ctx.swap.setSlippage(percent),
      setMax: () => loadSwapFlow().then((flow) => flow.setSwapMax(ctx)),
      review: () => loadSwapFlow().then((flow) => flow.reviewSwap(ctx)),
      confirm: () => loadSwapFlow().then((flow) => flow.confirmSwap(ctx)),
      summary: () => loadedSwapFlow()?.currentSwapSummary(ctx),
    }),
  },
};
