import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Swap: its form and review, and its button on Account. */
export const swapUi = {
  views: {
    Swap: { title: () => msg('swap.swap'), component: lazyView(() => import('./SwapView.tsx')) },
    SwapPreview: { title: () => msg('swap.reviewSwapTitle'), component: lazyView(() => import('./SwapPreviewView.tsx')) },
  },
  walletFeature: { feature: 'swaps', label: msg('swap.swap'), view: 'Swap', prefetch: (cairn) => cairn.swap.prefetch() },
} satisfies FeatureUi;
