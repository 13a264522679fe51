import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.tsx';

/** WalletConnect: pairing with the picked catalogue wallet, or the QR code alone in basic mode (SPEC §2). */
export const walletConnectUi = {
  views: {
    ConnectingWalletConnect: {
      title: (data) => data?.wallet?.name ?? msg('WalletConnect'),
      component: ({ data }) => <ConnectingWalletConnectView wallet={data?.wallet} />,
    },
    ConnectingWalletConnectBasic: {
      title: () => msg('WalletConnect'),
      component: () => <ConnectingWalletConnectView wallet={undefined} />,
    },
  },
} satisfies FeatureUi;
