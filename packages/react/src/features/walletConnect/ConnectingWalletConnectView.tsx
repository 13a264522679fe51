import { type Cairn, type WalletListItem } from '@cairn/core';
import { WalletConnectText } from '@cairn/core/rules';
import { useEffect, useRef, useState } from 'react';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { loadQrEncoder, QrCode } from '../../components/QrCode.tsx';
import { WalletIcon } from '../../components/WalletIcon.tsx';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { msg, useT } from '../../i18n/useT.ts';
import type { FeatureViewProps } from '../featureUi.ts';

export interface ConnectingWalletConnectViewProps {
  /** The catalogue wallet picked; none in basic mode (SPEC §2: the QR code alone). */
  wallet: WalletListItem | undefined;
}

function startPairing(cairn: Cairn, wallet: WalletListItem | undefined): void {
  cairn.connectWalletConnect(wallet ? { wallet } : {}).catch((cause: unknown) => console.warn('[cairn] WalletConnect failed to start', cause));
}

const LINK_LABELS = { mobile: msg('common.continueInName'), desktop: msg('walletConnect.openTheDesktopApp'), webapp: msg('walletConnect.openTheWebApp') } as const;

/**
 * WalletConnect pairing: the QR code to scan (with the picked wallet's logo), the link to copy,
 * and the picked wallet's own links; on a phone, "Continue in {wallet}" first and the QR code as
 * a fallback. A declined or failed attempt offers a retry; an expired code is replaced.
 */
export function ConnectingWalletConnectView({ wallet }: ConnectingWalletConnectViewProps) {
  const cairn = useCairnInstance('ConnectingWalletConnectView');
  const { t } = useT();
  // The picked wallet's links for this device are core's decision (startWalletConnect).
  const { status, uri, error, links = [] } = useStoreState(cairn.stores.walletConnect);
  const [showQr, setShowQr] = useState(false);
  const start = () => startPairing(cairn, wallet);
  const shownFor = useRef(wallet);

  // Opened directly (open({ view }) or basic mode) rather than through a wallet row: start here.
  // Leaving the view drops an attempt that has not been approved.
  useEffect(() => {
    void loadQrEncoder().catch(() => undefined); // in parallel with the WalletConnect client
    if (cairn.stores.walletConnect.get().status === 'idle') startPairing(cairn, shownFor.current);
    return () => {
      if (cairn.stores.walletConnect.get().status !== 'approved') cairn.cancelWalletConnect();
    };
  }, [cairn]);

  const name = wallet?.name ?? t('common.yourWallet');
  const logo = wallet ? cairn.walletImageUrl(wallet.image_id) : undefined;
  const mobileLink = links.find((link) => link.kind === 'mobile');
  const failed = status === 'rejected' || status === 'failed' || status === 'expired';

  if (failed) {
    return (
      <div className="connecting" data-state="error" data-status={status}>
        <div className="connecting-icon">
          <WalletIcon src={logo} size={64} />
          <span className="connecting-badge" aria-hidden="true">
            <AlertIcon size={14} />
          </span>
        </div>
        <p className="headline error" role="alert">
          {t(status === 'expired' ? WalletConnectText.expired : (error ?? ''))}
        </p>
        <p className="muted">{status === 'rejected' ? t('walletConnect.tryAgainOrChoose') : t('walletConnect.getANewCode')}</p>
        <button type="button" className="btn btn-primary connecting-retry" onClick={start}>
          {status === 'expired' ? t('walletConnect.getANewQr') : t('common.tryAgain')}
        </button>
      </div>
    );
  }

  const qr =
    uri && status === 'waiting' ? (
      <QrCode value={uri} label={wallet ? t('walletConnect.walletconnectQrCodeFor', { name: wallet.name }) : t('walletConnect.walletconnectQrCode')} {...(logo ? { logo } : {})} />
    ) : (
      <div className="qr qr-placeholder" aria-busy="true" aria-label={status === 'approved' ? t('common.connecting') : t('common.preparingTheQrCode')}>
        <span className="spinner" aria-hidden="true" />
      </div>
    );

  if (mobileLink && !showQr) {
    return (
      <div className="connecting" data-state="pending" data-status={status}>
        <div className="connecting-icon">
          <WalletIcon src={logo} size={64} />
        </div>
        <p className="headline">{t('common.continueInName', { name })}</p>
        <p className="muted">{t('walletConnect.acceptTheConnectionRequest')}</p>
        <a className="btn btn-primary btn-block connecting-retry" href={mobileLink.href} data-testid="walletconnect-deeplink">
          {t('walletConnect.openName', { name })}
        </a>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setShowQr(true)}>
          {t('walletConnect.showTheQrCode')}
        </button>
      </div>
    );
  }

  return (
    <div className="walletconnect" data-status={status}>
      {qr}
      <p className="lead walletconnect-lead">
        {status === 'approved' ? t('walletConnect.connectedFinishing') : t('walletConnect.scanThisCodeWith', { name: wallet ? name : t('walletConnect.aWalletconnectWallet') })}
      </p>
      <div className="walletconnect-actions">
        {uri && status === 'waiting' && <CopyLinkButton value={uri} />}
        {links
          .filter((link) => link.kind !== 'mobile')
          .map((link) => (
            <a key={link.kind} className="btn btn-secondary" href={link.href} target="_blank" rel="noopener noreferrer">
              {t(LINK_LABELS[link.kind], { name })}
            </a>
          ))}
      </div>
    </div>
  );
}

/** The pairing screen as the modal shows it: the wallet picked on the router's stack, none in basic mode. */
export default function ConnectingWalletConnectRoute({ data }: FeatureViewProps) {
  return <ConnectingWalletConnectView wallet={data?.wallet} />;
}
