import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Buy: the onramp form, and its button on Account. */
export const buyUi = {
  views: {
    Buy: { title: () => msg('buy.buy'), component: lazyView(() => import('./BuyView.tsx')) },
  },
  walletFeature: { feature: 'onramp', label: msg('buy.buy'), view: 'Buy', prefetch: (cairn) => cairn.onramp.prefetch() },
} satisfies FeatureUi;
