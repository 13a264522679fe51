import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Sign-in: the view that asks the wallet to sign the message. */
export const siwxUi = {
  views: {
    ConnectingSiwe: { title: () => msg('siwx.signInTitle'), component: lazyView(() => import('./ConnectingSiweView.tsx')), follows: ['ConnectingExternal', 'ConnectingWalletConnect', 'Account'] },
  },
} satisfies FeatureUi;
