import { ErrorText } from '@cairn/core';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** A social login under way in its popup: 'Authenticating...', or why it failed with a retry. */
export default function ConnectingSocialView() {
  const cairn = useCairnInstance('ConnectingSocialView');
  const { t } = useT();
  const login = useStoreState(cairn.stores.embeddedLogin);
  const failed = login.status === 'failed';
  // Farcaster's retry is its own view's (ConnectingFarcaster).
  const provider = login.provider === 'farcaster' ? undefined : login.provider;
  return (
    <div className="connecting" data-state={failed ? 'error' : 'pending'}>
      {failed ? (
        <>
          <p className="headline error" role="alert">
            {t(login.error ?? ErrorText.somethingWentWrong)}
          </p>
          {provider && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void cairn.loginWithSocial(provider).catch((cause: unknown) => console.warn('[cairn] social login', cause))}
            >
              {t('common.tryAgain')}
            </button>
          )}
        </>
      ) : (
        <>
          <span className="spinner" aria-hidden="true" />
          <p className="headline" role="status">
            {t(ErrorText.authenticating)}
          </p>
          <p className="muted">{t('embeddedWallet.finishLoggingInIn')}</p>
        </>
      )}
    </div>
  );
}
