import { ErrorText } from '@cairn/core';
import { findNetwork, monthSections } from '@cairn/core/rules';
import { useEffect, useRef } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useActiveAccount } from '../../hooks/useActiveAccount.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { ACTIVITY_CSS } from './activityCss.ts';
import { ActivityRow } from './ActivityRow.tsx';
import { PendingRows } from './PendingRows.tsx';
import { useT } from '../../i18n/useT.ts';

/** SPEC §1 and §2: the account's transactions on the active network, by month, newest first. */
export default function ActivityView() {
  const cairn = useCairnInstance('ActivityView');
  const { t, locale } = useT();
  const { address } = useActiveAccount(cairn);
  const networkState = useStoreState(cairn.stores.network);
  const network = findNetwork(networkState);
  const list = useStoreState(cairn.stores.transactions);
  const { pending } = useStoreState(cairn.stores.pendingTransactions);
  const sentinel = useRef<HTMLDivElement>(null);

  // Afresh on open and on a switch of account or network (SPEC §4).
  useEffect(() => {
    void cairn.fetchTransactions();
  }, [cairn, address, networkState.activeCaipNetworkId]);

  // Infinite scroll: the next page when the end of the list comes into view.
  const hasMore = list.next !== undefined;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void cairn.loadMoreTransactions();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [cairn, hasMore, list.transactions.length]);

  const mine = pending.filter(
    (transaction) => transaction.caipNetworkId === networkState.activeCaipNetworkId && transaction.from.toLowerCase() === address?.toLowerCase(),
  );
  const sections = monthSections(list.transactionsByYear, new Date(), locale);
  return (
    <div className="activity" data-testid="activity">
      <style>{ACTIVITY_CSS}</style>
      <PendingRows pending={mine} />
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`month-${section.key}`}>
          <h3 className="activity-month" id={`month-${section.key}`}>
            {section.heading}
          </h3>
          <ul className="activity-list">
            {section.transactions.map((transaction) => (
              <ActivityRow key={transaction.id} transaction={transaction} network={network} />
            ))}
          </ul>
        </section>
      ))}
      {list.loading && (
        <p className="activity-state" role="status">
          <span className="spinner" aria-hidden="true" /> {list.transactions.length > 0 ? t('activity.loadingMore') : t('activity.loadingActivity')}
        </p>
      )}
      {list.error && (
        <div className="activity-state" role="alert">
          <p>{t(ErrorText.failedToFetchTransactions)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void cairn.fetchTransactions()}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {!list.loading && !list.error && list.empty && mine.length === 0 && <p className="activity-state">{t('activity.noActivityYet')}</p>}
      {hasMore && !list.loading && (
        <>
          <div ref={sentinel} aria-hidden="true" />
          <button type="button" className="btn btn-secondary activity-more" onClick={() => void cairn.loadMoreTransactions()}>
            {t('activity.loadMore')}
          </button>
        </>
      )}
    </div>
  );
}
