import { type CaipNetwork, type CaipNetworkId } from '@cairn/core';
import { errorMessage, isNetworkApproved } from '@cairn/core/rules';
import { useState } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { NetworkBadge } from '../../components/NetworkBadge.tsx';
import { useT } from '../../i18n/useT.ts';

export interface NetworkListProps {
  /** Called once the wallet is on the chosen network. */
  onSwitched?: () => void;
}

/** The networks the site requested; the active one is marked with aria-current. */
export function NetworkList({ onSwitched }: NetworkListProps) {
  const cairn = useCairnInstance('NetworkList');
  const { t } = useT();
  const { requested, activeCaipNetworkId, switching, switchError, approved } = useStoreState(cairn.stores.network);
  const [targetId, setTargetId] = useState<CaipNetworkId>();
  const [localError, setLocalError] = useState<string>();

  const choose = async (network: CaipNetwork) => {
    if (switching || !isNetworkApproved(approved, network)) return;
    if (network.caipNetworkId === activeCaipNetworkId) {
      onSwitched?.();
      return;
    }
    setTargetId(network.caipNetworkId);
    setLocalError(undefined);
    try {
      if (await cairn.switchNetwork(network)) onSwitched?.();
    } catch (cause) {
      setLocalError(errorMessage(cause));
    } finally {
      setTargetId(undefined);
    }
  };

  const error = switching ? undefined : (localError ?? switchError);
  return (
    <>
      <ul className="list" aria-label={t('networks.networks')}>
        {requested.map((network) => {
          const active = network.caipNetworkId === activeCaipNetworkId;
          const pending = switching && targetId === network.caipNetworkId;
          // SPEC §3: a network the connected wallet's session did not approve cannot be switched to.
          const unapproved = !isNetworkApproved(approved, network);
          return (
            <li key={network.caipNetworkId}>
              <button
                type="button"
                className="row"
                data-testid={`network-${network.caipNetworkId}`}
                aria-current={active ? 'true' : undefined}
                aria-disabled={(switching && !pending) || unapproved ? true : undefined}
                aria-busy={pending || undefined}
                onClick={() => void choose(network)}
              >
                <NetworkBadge network={network} />
                <span className="row-name">{network.name}</span>
                {unapproved && <span className="tag">{t('networks.notApprovedByYour')}</span>}
                {pending ? (
                  <span className="spinner" aria-hidden="true" />
                ) : (
                  active && (
                    <span className="row-check" aria-hidden="true">
                      <CheckIcon />
                    </span>
                  )
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="status-line" role="status">
        {switching ? t('networks.approveInWallet') : ''}
      </p>
      {error && (
        <p className="error-text" role="alert">
          <AlertIcon />
          {t(error)}
        </p>
      )}
    </>
  );
}
