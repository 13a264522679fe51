import type { CaipNetwork, HistoryTransaction } from '@cairn/core';
import { describeTransaction, isSafeImageUrl, shortenAddress } from '@cairn/core/internal';
import { ExternalLinkIcon } from '../../components/icons.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** One transaction: what happened, with whom, how much, when, and where to see it. */
export function ActivityRow({ transaction, network }: { transaction: HistoryTransaction; network: CaipNetwork | undefined }) {
  const description = describeTransaction(transaction);
  const incoming = transaction.metadata.operationType === 'receive' || transaction.metadata.operationType === 'mint';
  const explorer = network?.blockExplorers?.default;
  return (
    <li className="activity-row" data-testid="activity-row">
      {isSafeImageUrl(description.imageUrl) ? (
        <img className="activity-image" src={description.imageUrl} alt={description.nftName ?? ''} loading="lazy" />
      ) : (
        <span className="activity-image" aria-hidden="true">
          {description.title.slice(0, 1)}
        </span>
      )}
      <span className="activity-main">
        <span className="activity-title">
          {description.title}
          {description.failed && <span className="activity-failed">Failed</span>}
        </span>
        <span className="activity-detail">
          {incoming ? 'from' : 'to'} <span title={description.otherSide}>{shortenAddress(description.otherSide)}</span> ·{' '}
          <time dateTime={transaction.metadata.minedAt}>{timeFormat.format(new Date(transaction.metadata.minedAt))}</time>
        </span>
      </span>
      <span className="activity-amounts">
        {description.amounts.map((amount) => (
          <span key={amount} data-sign={amount[0]}>
            {amount}
          </span>
        ))}
      </span>
      {explorer && (
        <a
          className="activity-link"
          href={`${explorer.url.replace(/\/$/, '')}/tx/${transaction.metadata.hash}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View on ${explorer.name}`}
        >
          <ExternalLinkIcon />
        </a>
      )}
    </li>
  );
}
