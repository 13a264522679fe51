import { lazy } from 'react';
import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';

/** Swap: its form and review, and its button on Account. */
export const swapUi = {
  views: {
    Swap: { title: () => msg('Swap'), component: lazy(() => import('./SwapView.tsx')) },
    SwapPreview: { title: () => msg('Review Swap'), component: lazy(() => import('./SwapPreviewView.tsx')) },
  },
  walletFeature: { feature: 'swaps', label: msg('Swap'), view: 'Swap', prefetch: (cairn) => cairn.swap.prefetch() },
} satisfies FeatureUi;
