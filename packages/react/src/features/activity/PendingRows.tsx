import type { PendingTransaction } from '@cairn/core';
import { shortenAddress } from '@cairn/core/rules';
import { useT } from '../../i18n/useT.ts';

/** Transactions sent through the widget and not yet mined, above the history. */
export function PendingRows({ pending }: { pending: readonly PendingTransaction[] }) {
  const { t } = useT();
  if (pending.length === 0) return null;
  return (
    <>
      <h3 className="activity-month">{t('activity.pending')}</h3>
      <ul className="activity-list" aria-label={t('activity.pendingTransactions')}>
        {pending.map((transaction) => (
          <li key={transaction.hash} className="activity-row" data-testid="activity-pending">
            <span className="activity-image" aria-hidden="true">
              <span className="spinner" />
            </span>
            <span className="activity-main">
              <span className="activity-title">
                {t('activity.sending')} <span className="activity-pending">{t('activity.pending')}</span>
              </span>
              <span className="activity-detail">{transaction.to ? `${t('activity.to')} ${shortenAddress(transaction.to)}` : shortenAddress(transaction.hash)}</span>
            </span>
            {transaction.amount && (
              <span className="activity-amounts">
                <span>{`-${transaction.amount}${transaction.symbol ? ` ${transaction.symbol}` : ''}`}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
