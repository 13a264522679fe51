import { msg } from '../../i18n/useT.ts';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';
import { ActivityEntryRow } from './ActivityEntryRow.tsx';

/** Activity: the account's history, and the row on Account that leads there. */
export const activityUi = {
  views: {
    Activity: { title: () => msg('activity.activity'), component: lazyView(() => import('./ActivityView.tsx')) },
  },
  AccountRow: ActivityEntryRow,
} satisfies FeatureUi;
