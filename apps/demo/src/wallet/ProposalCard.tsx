import { useId } from 'react';
import type { SessionProposal } from './createWebWallet.ts';
import { chainName } from './describeRequest.ts';
import type { DecisionCardProps } from './decisionCardProps.ts';
import { PeerIcon } from './PeerIcon.tsx';
import { DecisionButtons } from './DecisionButtons.tsx';

/** Chains and methods the site asks for, required and optional together. */
function requested(proposal: SessionProposal) {
  const namespaces = [...Object.values(proposal.params.requiredNamespaces ?? {}), ...Object.values(proposal.params.optionalNamespaces ?? {})];
  return {
    chains: [...new Set(namespaces.flatMap((namespace) => namespace.chains ?? []))],
    methods: [...new Set(namespaces.flatMap((namespace) => namespace.methods))],
  };
}

export function ProposalCard({ proposal, chains, onApprove, onReject }: DecisionCardProps & { proposal: SessionProposal }) {
  const titleId = useId();
  const { metadata } = proposal.params.proposer;
  const { chains: wanted, methods } = requested(proposal);
  return (
    <article className="wallet-card proposal" aria-labelledby={titleId}>
      <header className="peer">
        <PeerIcon name={metadata.name} icons={metadata.icons} />
        <div>
          <h2 id={titleId}>{metadata.name} wants to connect</h2>
          <p className="peer-url">{metadata.url}</p>
        </div>
      </header>
      <dl className="facts">
        <dt>Networks</dt>
        <dd>{wanted.map((chain) => `${chainName(chains, chain)} (${chain})`).join(', ') || 'none named'}</dd>
        <dt>Methods</dt>
        <dd>{methods.join(', ') || 'none'}</dd>
      </dl>
      <DecisionButtons onApprove={onApprove} onReject={onReject} />
    </article>
  );
}
