import { useId } from 'react';
import type { SignInRequest } from './createWebWallet.ts';
import { chainName } from './describeRequest.ts';
import type { DecisionCardProps } from './decisionCardProps.ts';
import { PeerIcon } from './PeerIcon.tsx';
import { DecisionButtons } from './DecisionButtons.tsx';

/** A site asking to connect and sign in with one approval: what it will be signed in to, and where. */
export function SignInCard({ request, chains, onApprove, onReject }: DecisionCardProps & { request: SignInRequest }) {
  const titleId = useId();
  const { metadata } = request.params.requester;
  const { domain, statement, chains: wanted } = request.params.authPayload;
  return (
    <article className="wallet-card proposal" aria-labelledby={titleId}>
      <header className="peer">
        <PeerIcon name={metadata.name} icons={metadata.icons} />
        <div>
          <h2 id={titleId}>{metadata.name} wants you to sign in</h2>
          <p className="peer-url">{domain}</p>
        </div>
      </header>
      <dl className="facts">
        <dt>Statement</dt>
        <dd>{statement || 'none'}</dd>
        <dt>Networks</dt>
        <dd>{wanted.map((chain) => `${chainName(chains, chain)} (${chain})`).join(', ')}</dd>
      </dl>
      <DecisionButtons onApprove={onApprove} onReject={onReject} />
    </article>
  );
}
