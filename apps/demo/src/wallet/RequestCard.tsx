import { useId } from 'react';
import type { SessionTypes } from '@walletconnect/types';
import type { SessionRequest } from './createWebWallet.ts';
import { chainName, describeRequest } from './describeRequest.ts';
import type { WalletChain } from './performRequest.ts';
import { DecisionButtons } from './DecisionButtons.tsx';

const TITLES: Record<string, string> = {
  personal_sign: 'Sign a message',
  eth_sendTransaction: 'Send a transaction',
  eth_signTransaction: 'Sign a transaction',
  eth_signTypedData_v4: 'Sign typed data',
  wallet_switchEthereumChain: 'Switch network',
};

export function RequestCard({
  request,
  session,
  chains,
  onApprove,
  onReject,
}: {
  request: SessionRequest;
  session: SessionTypes.Struct | undefined;
  chains: readonly WalletChain[];
  onApprove(): Promise<void>;
  onReject(): Promise<void>;
}) {
  const titleId = useId();
  const { method, params } = request.params.request;
  const summary = describeRequest(method, params, chains);
  const site = session?.peer.metadata.name ?? 'A site';
  return (
    <article className="wallet-card request" aria-labelledby={titleId} data-method={method}>
      <h3 id={titleId}>
        {TITLES[method] ?? method} <span className="muted">· {site}</span>
      </h3>
      <p className="muted">on {chainName(chains, request.params.chainId)}</p>
      {summary.kind === 'message' && <pre className="message" data-testid="request-message">{summary.text}</pre>}
      {summary.kind === 'transaction' && (
        <dl className="facts">
          <dt>To</dt>
          <dd data-testid="request-to">{summary.to}</dd>
          <dt>Value</dt>
          <dd data-testid="request-value">{summary.value}</dd>
          {summary.data && (
            <>
              <dt>Data</dt>
              <dd className="data">{summary.data}</dd>
            </>
          )}
        </dl>
      )}
      {summary.kind === 'typedData' && (
        <p>
          {summary.primaryType} for {summary.domain}
        </p>
      )}
      {summary.kind === 'switchChain' && <p>Switch to {summary.chain}</p>}
      {summary.kind === 'other' && <pre className="message">{summary.params}</pre>}
      <DecisionButtons onApprove={onApprove} onReject={onReject} />
    </article>
  );
}
