import type { AccountState } from '@cairn/core';
import { findNetwork, shortenAddress } from '@cairn/core/rules';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';
import { NetworkBadge } from './NetworkBadge.tsx';

/** SPEC §3: one account per namespace; with several connected, the visitor picks the one shown. */
export function AccountSwitcher({ accounts }: { accounts: readonly AccountState[] }) {
  const cairn = useCairnInstance('AccountSwitcher');
  const { t } = useT();
  const networkState = useStoreState(cairn.stores.network);
  if (accounts.length < 2) return null;
  return (
    <div className="account-switcher" role="group" aria-label={t('accountSwitcher.connectedAccounts')}>
      {accounts.map((account) => {
        const caipNetworkId = account.caipAddress?.split(':').slice(0, 2).join(':');
        const network = caipNetworkId ? findNetwork(networkState, caipNetworkId as `${string}:${string}`) : undefined;
        const active = account.namespace === networkState.activeNamespace;
        return (
          <button
            key={account.namespace}
            type="button"
            className="account-switch"
            aria-pressed={active}
            data-testid={`account-namespace-${account.namespace}`}
            onClick={() => void cairn.switchNamespace(account.namespace)}
          >
            <NetworkBadge network={network} size={20} />
            <span className="account-switch-name">{network?.name ?? account.namespace}</span>
            <span className="account-switch-address">{shortenAddress(account.address!)}</span>
          </button>
        );
      })}
    </div>
  );
}
