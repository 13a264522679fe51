import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Send: its form and review, and its button on Account. */
export const sendUi = {
  views: {
    Send: { title: () => msg('Send'), component: lazyView(() => import('./SendView.tsx')) },
    SendPreview: { title: () => msg('Review Send'), component: lazyView(() => import('./SendPreviewView.tsx')) },
  },
  walletFeature: { feature: 'send', label: msg('Send'), view: 'Send', prefetch: (cairn) => cairn.send.prefetch() },
} satisfies FeatureUi;
