import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';
import { ChooseNameRow } from './ChooseNameRow.tsx';

/** Names: choosing one and its confirmation, and the row on Account that leads there. */
export const namesUi = {
  views: {
    RegisterAccountName: { title: () => msg('names.chooseANameTitle'), component: lazyView(() => import('./RegisterAccountNameView.tsx')) },
    RegisterAccountNameSuccess: { title: () => msg('names.nameRegistered'), component: lazyView(() => import('./RegisterAccountNameSuccessView.tsx')) },
  },
  AccountRow: ChooseNameRow,
} satisfies FeatureUi;
