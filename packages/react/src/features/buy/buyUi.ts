import { lazy } from 'react';
import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';

/** Buy: the onramp form, and its button on Account. */
export const buyUi = {
  views: {
    Buy: { title: () => msg('Buy'), component: lazy(() => import('./BuyView.tsx')) },
  },
  walletFeature: { feature: 'onramp', label: msg('Buy'), view: 'Buy', prefetch: (cairn) => cairn.onramp.prefetch() },
} satisfies FeatureUi;
