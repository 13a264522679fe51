import type { FeatureUi } from '../featureUi.ts';
import { AccountTypeSwitchRow } from './AccountTypeSwitchRow.tsx';

/** Account types: the row on Account that switches the embedded wallet between its smart account and its EOA. */
export const accountTypesUi = {
  views: {},
  AccountRow: AccountTypeSwitchRow,
} satisfies FeatureUi;
