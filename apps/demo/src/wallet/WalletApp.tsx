import { AccountSwitcher } from './AccountSwitcher.tsx';
import type { WebWallet } from './createWebWallet.ts';
import { ErrorBanner } from './ErrorBanner.tsx';
import { PairForm } from './PairForm.tsx';
import { ProposalCard } from './ProposalCard.tsx';
import { RequestCard } from './RequestCard.tsx';
import { SessionList } from './SessionList.tsx';
import { SignInCard } from './SignInCard.tsx';
import { useWebWallet } from './useWebWallet.ts';

export function WalletApp({ wallet, initialUri }: { wallet: WebWallet; initialUri: string }) {
  const state = useWebWallet(wallet);
  const chains = __DEMO_CONFIG__.chains;
  const ready = state.status === 'ready';
  return (
    <main className="wallet">
      <header className="wallet-header">
        <h1>Cairn Web Wallet</h1>
        <p className="devnet-only" role="note">
          <strong>Devnet only.</strong> This wallet holds Anvil’s public test keys, funded on the local devnet. Anyone can
          read these keys: never use them, or this page, with real funds.
        </p>
        {state.status === 'starting' && <p role="status">Connecting to the relay…</p>}
      </header>
      {state.error && <ErrorBanner message={state.error} onDismiss={wallet.dismissError} />}
      <AccountSwitcher
        accountIndex={state.accountIndex}
        chainId={state.chainId}
        chains={chains}
        disabled={!ready}
        onAccount={(index) => void wallet.switchAccount(index)}
        onChain={(chainId) => void wallet.switchChain(chainId)}
      />
      <PairForm initialUri={initialUri} pairing={state.pairing} disabled={state.status === 'failed'} onPair={(uri) => void wallet.pair(uri)} />
      {state.proposals.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} chains={chains} onApprove={() => wallet.approve(proposal)} onReject={() => wallet.reject(proposal)} />
      ))}
      {state.signIns.map((request) => (
        <SignInCard key={request.id} request={request} chains={chains} onApprove={() => wallet.approveSignIn(request)} onReject={() => wallet.rejectSignIn(request)} />
      ))}
      <section className="wallet-card" aria-labelledby="requests-title">
        <h2 id="requests-title">Requests</h2>
        {state.requests.length === 0 ? (
          <p className="muted">No request is waiting.</p>
        ) : (
          state.requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              session={state.sessions.find((session) => session.topic === request.topic)}
              chains={chains}
              onApprove={() => wallet.respond(request)}
              onReject={() => wallet.rejectRequest(request)}
            />
          ))
        )}
      </section>
      <SessionList sessions={state.sessions} chains={chains} onDisconnect={(topic) => void wallet.disconnect(topic)} />
    </main>
  );
}
