import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { ConnectingSiweView } from './ConnectingSiweView.tsx';

/** Sign-in: the view that asks the wallet to sign the message. */
export const siwxUi = {
  views: {
    ConnectingSiwe: { title: () => msg('Sign In'), component: ConnectingSiweView },
  },
} satisfies FeatureUi;
