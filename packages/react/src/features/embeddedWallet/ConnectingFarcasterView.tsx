import { ErrorText } from '@cairn/core';
import { QrCode } from '../../components/QrCode.tsx';
import { useCairnInstance } from '../../context.ts';
import { CopyLinkButton } from '../../features/walletConnect/CopyLinkButton.tsx';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useT } from '../../i18n/useT.ts';

/**
 * SPEC §2's ConnectingFarcaster: Sign In With Farcaster's link as a QR code for the visitor's
 * Farcaster app and as a link (to open on this device, or copy); 'Authenticating...' once the app
 * signed and the frame opens the wallet; why it failed, with a retry.
 */
export default function ConnectingFarcasterView() {
  const cairn = useCairnInstance('ConnectingFarcasterView');
  const { t } = useT();
  const login = useStoreState(cairn.stores.embeddedLogin);
  const { farcasterUrl: url } = useActiveAccount(cairn);
  const retry = () => void cairn.loginWithFarcaster().catch((cause: unknown) => console.warn('[cairn] farcaster login', cause));
  if (login.status === 'failed') {
    return (
      <div className="connecting" data-state="error">
        <p className="headline error" role="alert">
          {t(login.error ?? ErrorText.somethingWentWrong)}
        </p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (login.status === 'authenticating') {
    return (
      <div className="connecting" data-state="pending">
        <span className="spinner" aria-hidden="true" />
        <p className="headline" role="status">
          {t(ErrorText.authenticating)}
        </p>
      </div>
    );
  }
  return (
    <div className="walletconnect" data-status="waiting">
      {url ? (
        <QrCode value={url} label={t('embeddedWallet.signInWithFarcasterQr')} testId="farcaster-qr" />
      ) : (
        <div className="qr qr-placeholder" aria-busy="true" aria-label={t('common.preparingTheQrCode')}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      <p className="lead walletconnect-lead">{t('embeddedWallet.scanThisCodeWith')}</p>
      {url && (
        <div className="walletconnect-actions">
          <CopyLinkButton value={url} />
          <a className="btn btn-secondary" href={url} target="_blank" rel="noopener noreferrer" data-testid="farcaster-link">
            {t('embeddedWallet.openInFarcaster')}
          </a>
        </div>
      )}
    </div>
  );
}
