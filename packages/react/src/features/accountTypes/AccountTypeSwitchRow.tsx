import { accountTypeSwitch, findNetwork } from '@cairn/core/rules';
import { AccountEntryRow } from '../../components/AccountEntryRow.tsx';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** Account's switch between the embedded wallet's smart account and its EOA, where the network enables smart accounts (SPEC §6). */
export function AccountTypeSwitchRow() {
  const cairn = useCairnInstance('AccountTypeSwitchRow');
  const { t } = useT();
  const account = useActiveAccount(cairn);
  const network = findNetwork(useStoreState(cairn.stores.network));
  const types = useStoreState(cairn.stores.accountTypes);
  const target = accountTypeSwitch({ connectorId: account.connectorId, chainId: network?.id, enabledNetworks: types.smartAccountEnabledNetworks, activeType: types.activeType });
  if (!target || types.switching) return null;
  return (
    <AccountEntryRow
      label={target === 'eoa' ? t('accountTypes.switchToYourEoa') : t('accountTypes.switchToYourSmart')}
      testId="account-switch-type"
      prefetch={cairn.accountTypes.prefetch}
      onClick={() => void cairn.accountTypes.setPreferred(target)}
    />
  );
}
