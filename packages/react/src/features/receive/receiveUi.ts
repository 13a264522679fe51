import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Receive: the address and its QR code, and its button on Account. */
export const receiveUi = {
  views: {
    Receive: { title: () => msg('receive.receive'), component: lazyView(() => import('./ReceiveView.tsx')) },
  },
  walletFeature: { feature: 'receive', label: msg('receive.receive'), view: 'Receive' },
} satisfies FeatureUi;
