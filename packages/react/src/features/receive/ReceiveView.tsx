import { shortenAddress } from '@cairn/core/rules';
import { CopyAddressButton } from '../../components/CopyAddressButton.tsx';
import { NetworkBadge } from '../../components/NetworkBadge.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { RECEIVE_CSS } from './receiveCss.ts';
import { useT } from '../../i18n/useT.ts';

/** The address to be paid at: as a QR code, in full with copy, and the networks it receives on. */
export default function ReceiveView() {
  const cairn = useCairnInstance('ReceiveView');
  const { t } = useT();
  const account = useActiveAccount(cairn);
  const { requested, activeNamespace } = useStoreState(cairn.stores.network);
  const { address } = account;
  if (!address) return <p className="lead">{t('receive.noWalletIsConnected')}</p>;
  // The same address receives on every network of its namespace the site offers.
  const networks = requested.filter((network) => network.chainNamespace === activeNamespace);
  return (
    <div className="receive">
      <style>{RECEIVE_CSS}</style>
      {/* The plain address, not a payment URI: every wallet's scanner reads it, whatever the chain. */}
      <QrCode value={address} label={t('receive.qrCodeOfThe', { address })} fallbackText={t('receive.couldNotDrawThe')} testId="receive-qr" />
      {account.profileName && <p className="receive-name">{account.profileName}</p>}
      <div className="receive-address">
        <code data-testid="receive-address">{address}</code>
        <CopyAddressButton address={address} />
      </div>
      <p className="receive-hint">
        {t('receive.sendOnlyCoinsAnd', {
          coins: networks.map((network) => network.nativeCurrency.symbol).filter((symbol, index, all) => all.indexOf(symbol) === index).join(` ${t('common.or')} `),
          address: shortenAddress(address),
        })}
      </p>
      <ul className="receive-networks" aria-label={t('receive.networksThisAddressReceives')}>
        {networks.map((network) => (
          <li key={network.caipNetworkId}>
            <NetworkBadge network={network} size={20} />
            <span className="receive-network-name">{network.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
