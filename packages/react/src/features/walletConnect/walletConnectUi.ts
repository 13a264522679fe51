import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

// Both views are the one pairing screen; basic mode opens it with no wallet picked.
const pairing = lazyView(() => import('./ConnectingWalletConnectView.tsx'));

/** WalletConnect: pairing with the picked catalogue wallet, or the QR code alone in basic mode (SPEC §2). */
export const walletConnectUi = {
  views: {
    ConnectingWalletConnect: {
      title: (data) => data?.wallet?.name ?? msg('walletConnect.walletconnect'),
      component: pairing,
      follows: ['Connect', 'AllWallets'],
    },
    ConnectingWalletConnectBasic: {
      title: () => msg('walletConnect.walletconnect'),
      component: pairing,
    },
  },
} satisfies FeatureUi;
