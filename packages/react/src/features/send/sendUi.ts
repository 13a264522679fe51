import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Send: its form and review, and its button on Account. */
export const sendUi = {
  views: {
    Send: { title: () => msg('send.send'), component: lazyView(() => import('./SendView.tsx')) },
    SendPreview: { title: () => msg('send.reviewSendTitle'), component: lazyView(() => import('./SendPreviewView.tsx')) },
  },
  walletFeature: { feature: 'send', label: msg('send.send'), view: 'Send', prefetch: (cairn) => cairn.send.prefetch() },
} satisfies FeatureUi;
