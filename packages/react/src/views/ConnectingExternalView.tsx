import type { Connector } from '@cairn/core';
import { AlertIcon } from '../components/icons.tsx';
import { WalletIcon } from '../components/WalletIcon.tsx';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';

/** Waits for the wallet's answer; a declined or failed request offers a retry, never a dead end. */
export function ConnectingExternalView({ connector }: { connector: Connector | undefined }) {
  const cairn = useCairnInstance('ConnectingExternalView');
  const { t } = useT();
  const { connecting } = useStoreState(cairn.stores.connection);
  const name = connector?.name ?? t('common.yourWallet');
  const error = connector && connecting?.connectorId === connector.id ? connecting.error : undefined;

  const retry = () => {
    if (!connector) return;
    cairn.connect(connector.id).catch((cause: unknown) => {
      console.warn('[cairn] could not retry the connection', cause);
    });
  };

  return (
    <div className="connecting" data-state={error ? 'error' : 'pending'}>
      <div className="connecting-icon">
        <WalletIcon src={connector?.imageUrl} size={64} />
        {error && (
          <span className="connecting-badge" aria-hidden="true">
            <AlertIcon size={14} />
          </span>
        )}
      </div>
      {error ? (
        <>
          <p className="headline error" role="alert">
            {t(error)}
          </p>
          <p className="muted">{t('connect.tryAgainOrGo')}</p>
          <button type="button" className="btn btn-primary connecting-retry" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <>
          <p className="headline">{t('common.continueInName', { name })}</p>
          <p className="muted">{t('connect.acceptTheConnectionRequest')}</p>
        </>
      )}
    </div>
  );
}
