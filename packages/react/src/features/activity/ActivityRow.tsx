import type { CaipNetwork, HistoryTransaction } from '@cairn/core';
import { activityDate, describeTransaction, isSafeImageUrl, shortenAddress } from '@cairn/core/rules';
import { ExternalLinkIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/useT.ts';

/** One transaction: what happened, with whom (or which two tokens), how much, when, and where to see it. */
export function ActivityRow({ transaction, network }: { transaction: HistoryTransaction; network: CaipNetwork | undefined }) {
  const description = describeTransaction(transaction);
  const { t, locale } = useT();
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
          {description.failed && <span className="activity-failed">{t('activity.failed')}</span>}
          {description.pending && <span className="activity-pending">{t('activity.pending')}</span>}
        </span>
        <span className="activity-detail" data-testid="activity-counterparty">
          {description.purchase ? (
            `${t('activity.viaProvider', { provider: description.purchase.provider })} · ${description.purchase.paid}`
          ) : description.swap ? (
            `${description.swap.sold} → ${description.swap.bought}`
          ) : (
            <>
              {description.direction === 'from' ? t('activity.from') : t('activity.to')} <span className="activity-address" title={description.otherSide}>{shortenAddress(description.otherSide)}</span>
            </>
          )}
        </span>
      </span>
      <span className="activity-amounts">
        {description.amounts.map((amount) => (
          <span key={amount.exact} data-sign={amount.sign} title={amount.exact} aria-label={amount.exact !== amount.text ? amount.exact : undefined}>
            {amount.text}
          </span>
        ))}
      </span>
      <time className="activity-date" dateTime={transaction.metadata.minedAt}>
        {activityDate(transaction.metadata.minedAt, locale)}
      </time>
      {explorer && (
        <a
          className="activity-link"
          href={`${explorer.url.replace(/\/$/, '')}/tx/${transaction.metadata.hash}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('common.viewOnExplorer', { explorer: explorer.name })}
        >
          <ExternalLinkIcon />
        </a>
      )}
    </li>
  );
}
