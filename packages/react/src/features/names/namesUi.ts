import { lazy } from 'react';
import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { ChooseNameRow } from './ChooseNameRow.tsx';

/** Names: choosing one and its confirmation, and the row on Account that leads there. */
export const namesUi = {
  views: {
    RegisterAccountName: { title: () => msg('Choose a Name'), component: lazy(() => import('./RegisterAccountNameView.tsx')) },
    RegisterAccountNameSuccess: { title: () => msg('Name Registered'), component: lazy(() => import('./RegisterAccountNameSuccessView.tsx')) },
  },
  AccountRow: ChooseNameRow,
} satisfies FeatureUi;
