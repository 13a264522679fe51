import { ErrorText } from '@cairn/core';
import { accountDisplayName } from '@cairn/core/rules';
import { Avatar } from '../../components/Avatar.tsx';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/** SPEC §4: asks the visitor to prove they own the account by signing a message. */
export default function ConnectingSiweView() {
  const cairn = useCairnInstance('ConnectingSiweView');
  const { t } = useT();
  const { status, error } = useStoreState(cairn.stores.siwx);
  const { address, profileName } = useActiveAccount(cairn);
  const appName = cairn.options.metadata?.name ?? t('siwx.thisSite');
  const signing = status === 'signing';
  const report = (cause: unknown) => console.warn('[cairn] sign-in', cause);
  return (
    <div className="connecting siwe" data-state={error ? 'error' : signing ? 'pending' : 'idle'}>
      {address && <Avatar address={address} size={64} />}
      <p className="headline">{t('siwx.appNeedsToConnect', { app: appName })}</p>
      <p className="muted">
        {t('siwx.signThisMessageTo', {
          account: address ? accountDisplayName({ address, profileName }) : t('siwx.thisWallet'),
        })}
      </p>
      {error && (
        <p className="headline error" role="alert">
          {t(error)}
        </p>
      )}
      {signing && (
        <p className="muted" role="status">
          {t(ErrorText.authenticating)}
        </p>
      )}
      <div className="siwe-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void (cairn.cancelSignIn().catch(report))}>
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={signing}
          onClick={() => {
            if (!signing) cairn.signIn().catch(report);
          }}
        >
          {error ? t('common.tryAgain') : t('siwx.signIn')}
        </button>
      </div>
    </div>
  );
}
