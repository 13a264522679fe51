import { DisconnectButton } from '../../components/DisconnectButton.tsx';
import { NetworkList } from './NetworkList.tsx';
import { msg, useT } from '../../i18n/useT.ts';

const UNSUPPORTED_CHAIN_TEXT = msg('networks.thisAppDoesntSupport');

/** SPEC §2: the wallet is on a network the site did not request. Core moves on once it is fixed. */
export default function UnsupportedChainView() {
  const { t } = useT();
  return (
    <div className="stack">
      <p className="lead">{t(UNSUPPORTED_CHAIN_TEXT)}</p>
      <NetworkList />
      <DisconnectButton />
    </div>
  );
}
