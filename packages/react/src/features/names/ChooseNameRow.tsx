import { findNetwork, offersNameRegistration } from '@cairn/core/rules';
import { AccountEntryRow } from '../../components/AccountEntryRow.tsx';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** Account's way to a name, while the account has none and names are offered here (SPEC §5). */
export function ChooseNameRow() {
  const cairn = useCairnInstance('ChooseNameRow');
  const { t } = useT();
  const account = useActiveAccount(cairn);
  const network = findNetwork(useStoreState(cairn.stores.network));
  if (!offersNameRegistration({ hasServer: cairn.options.api !== undefined, namespace: network?.chainNamespace, profileName: account.profileName })) return null;
  return (
    <AccountEntryRow
      label={t('names.chooseAName')}
      testId="account-choose-name"
      prefetch={cairn.names.prefetch}
      onClick={() => cairn.stores.router.push('RegisterAccountName')}
    />
  );
}
