import { DisconnectButton } from '../components/DisconnectButton.tsx';
import { NetworkList } from '../components/NetworkList.tsx';

const UNSUPPORTED_CHAIN_TEXT =
  "This app doesn't support your current network. Switch to an available option to continue.";

/** SPEC §2: the wallet is on a network the site did not request. Core moves on once it is fixed. */
export function UnsupportedChainView() {
  return (
    <div className="stack">
      <p className="lead">{UNSUPPORTED_CHAIN_TEXT}</p>
      <NetworkList />
      <DisconnectButton />
    </div>
  );
}
