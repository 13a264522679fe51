import { accountDisplayName, findNetwork, formatBalance, formatUsd, shortenAddress } from '@cairn/core/rules';
import { AccountSwitcher } from '../components/AccountSwitcher.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { CopyAddressButton } from '../components/CopyAddressButton.tsx';
import { DisconnectButton } from '../components/DisconnectButton.tsx';
import { ChevronRightIcon } from '../components/icons.tsx';
import { NetworkBadge } from '../components/NetworkBadge.tsx';
import { TokenList } from '../components/TokenList.tsx';
import { WalletFeatureButtons } from '../components/WalletFeatureButtons.tsx';
import { FEATURE_UI } from '../features/features.ts';
import { useCairnInstance } from '../context.ts';
import { useActiveAccount } from '../hooks/useActiveAccount.ts';
import { useConnectedAccounts } from '../hooks/useConnectedAccounts.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';
import { AccountName } from '../components/AccountName.tsx';

/** The connected account: who, how much, on which network, and the way out. */
export function AccountView() {
  const cairn = useCairnInstance('AccountView');
  const { t } = useT();
  const account = useActiveAccount(cairn);
  const networkState = useStoreState(cairn.stores.network);
  const network = findNetwork(networkState);
  const { namespaces, connected } = useConnectedAccounts(cairn);
  const { address } = account;

  if (!address) return <p className="lead">No wallet is connected.</p>;

  const networkName = network?.name ?? t('account.unknownNetwork');
  const networkContent = (
    <>
      <NetworkBadge network={network} size={28} />
      <span className="row-name">{networkName}</span>
    </>
  );
  return (
    <div className="account">
      <AccountSwitcher accounts={connected} />
      <Avatar address={address} image={account.profileImage} />
      <div className="account-id">
        <p className="account-address" title={address}>
          <AccountName name={accountDisplayName({ address, profileName: account.profileName })} />
        </p>
        <CopyAddressButton address={address} />
      </div>
      {account.profileName && <p className="account-secondary">{shortenAddress(address)}</p>}
      <AccountBalance {...account} />
      {account.balanceUsd !== undefined && !account.balanceError && (
        <p className="account-usd" data-testid="account-usd">
          {formatUsd(account.balanceUsd)}
        </p>
      )}
      <WalletFeatureButtons />
      <TokenList tokens={account.tokenBalance} />
      <div className="account-actions">
        {FEATURE_UI.map(({ AccountRow }, index) => AccountRow && <AccountRow key={index} />)}
        {cairn.options.features.networkSwitching ? (
          <button
            type="button"
            className="row"
            data-testid="account-network"
            onClick={() => cairn.stores.router.push('Networks')}
          >
            {networkContent}
            <span className="row-chevron" aria-hidden="true">
              <ChevronRightIcon />
            </span>
          </button>
        ) : (
          <div className="row" data-testid="account-network">
            {networkContent}
          </div>
        )}
        {connected.length < namespaces.length && (
          // Another namespace (EVM beside Solana) connects beside this one (SPEC §3).
          <button type="button" className="row" data-testid="account-connect-another" onClick={() => cairn.stores.router.push('Connect')}>
            <span className="row-name">{t('common.connectWallet')}</span>
            <span className="row-chevron" aria-hidden="true">
              <ChevronRightIcon />
            </span>
          </button>
        )}
        {FEATURE_UI.map(({ AccountAction }, index) => AccountAction && <AccountAction key={index} />)}
        <DisconnectButton namespace={connected.length > 1 ? account.namespace : undefined} />
      </div>
    </div>
  );
}

interface AccountBalanceProps {
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  balanceError?: string;
}

/** The balance; a failed read says so in a toast (SPEC §8), and the last known value stays. */
function AccountBalance({ balance, balanceSymbol, balanceLoading, balanceError }: AccountBalanceProps) {
  const { t } = useT();
  const text = formatBalance(balance, balanceSymbol);
  if (balanceError && !text) return null;
  if (text) {
    return (
      <p className="account-balance" data-testid="account-balance">
        {text}
      </p>
    );
  }
  if (balanceLoading) {
    return (
      <p className="account-balance" data-testid="account-balance" data-state="loading">
        <span className="skeleton" aria-hidden="true" />
        <span className="sr-only">{t('account.loadingBalance')}</span>
      </p>
    );
  }
  return null;
}
