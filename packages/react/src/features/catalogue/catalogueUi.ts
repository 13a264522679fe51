import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** The catalogue: All Wallets, its pages and its search (Connect's rows of it are the Connect view's). */
export const catalogueUi = {
  views: {
    AllWallets: { title: () => msg('common.allWallets'), component: lazyView(() => import('./AllWalletsView.tsx')), follows: ['Connect'] },
  },
} satisfies FeatureUi;
