import { lazy } from 'react';
import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';

/** Send: its form and review, and its button on Account. */
export const sendUi = {
  views: {
    Send: { title: () => msg('Send'), component: lazy(() => import('./SendView.tsx')) },
    SendPreview: { title: () => msg('Review Send'), component: lazy(() => import('./SendPreviewView.tsx')) },
  },
  walletFeature: { feature: 'send', label: msg('Send'), view: 'Send', prefetch: (cairn) => cairn.send.prefetch() },
} satisfies FeatureUi;
