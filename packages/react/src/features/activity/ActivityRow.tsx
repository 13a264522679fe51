import type { CaipNetwork, HistoryTransaction } from '@cairn/core';
import { describeTransaction, isSafeImageUrl, shortenAddress } from '@cairn/core/rules';
import { ExternalLinkIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/useT.ts';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormat = (locale: string) => {
  let format = timeFormats.get(locale);
  if (!format) timeFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })));
  return format;
};

/** One transaction: what happened, with whom, how much, when, and where to see it. */
export function ActivityRow({ transaction, network }: { transaction: HistoryTransaction; network: CaipNetwork | undefined }) {
  const description = describeTransaction(transaction);
  const { t, locale } = useT();
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
          {t(description.title)}
          {description.failed && <span className="activity-failed">{t('Failed')}</span>}
        </span>
        <span className="activity-detail">
          {incoming ? t('from') : t('to')} <span title={description.otherSide}>{shortenAddress(description.otherSide)}</span> ·{' '}
          <time dateTime={transaction.metadata.minedAt}>{timeFormat(locale).format(new Date(transaction.metadata.minedAt))}</time>
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
          aria-label={t('View on {explorer}', { explorer: explorer.name })}
        >
          <ExternalLinkIcon />
        </a>
      )}
    </li>
  );
}
