import { AccountEntryRow } from '../../components/AccountEntryRow.tsx';
import { useCairnInstance } from '../../context.ts';
import { useT } from '../../i18n/useT.ts';

/** SPEC §9 `history`: Account's way to Activity, when the site switches it on. */
export function ActivityEntryRow() {
  const cairn = useCairnInstance('ActivityEntryRow');
  const { t } = useT();
  if (!cairn.options.features.history) return null;
  return (
    <AccountEntryRow
      label={t('activity.activity')}
      testId="account-activity"
      prefetch={cairn.prefetchActivity}
      onClick={() => cairn.stores.router.push('Activity')}
    />
  );
}
