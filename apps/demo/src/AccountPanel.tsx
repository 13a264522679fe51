import { useCairn, useCairnAccount, useCairnNetwork, useCairnSession } from '@cairn/react';

/** What the site itself knows about the visitor, read through Cairn's public hooks. */
export function AccountPanel() {
  const account = useCairnAccount();
  const network = useCairnNetwork();
  const { open } = useCairn();
  const session = useCairnSession();
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">Your trail log</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="site-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="site-address">{account.address ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="site-network">{network.network?.name ?? (account.isConnected ? `Unsupported (${network.caipNetworkId})` : '—')}</dd>
        <dt>Chain</dt>
        <dd data-testid="site-chain">{network.caipNetworkId}</dd>
        <dt>Signed in</dt>
        <dd data-testid="site-session">{session.isSignedIn ? `yes, until ${session.expirationTime ?? '—'}` : 'no'}</dd>
        <dt>Balance</dt>
        <dd data-testid="site-balance">{account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}` : '—'}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => open({ view: account.isConnected ? 'Networks' : 'Connect' })}>
          {account.isConnected ? 'Change network' : 'Choose a wallet'}
        </button>
      </div>
    </section>
  );
}
