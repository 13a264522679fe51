import { type WalletListItem } from '@cairn/core';
import { catalogueTagger, orderCatalogueWallets, WalletListText } from '@cairn/core/rules';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CatalogueWalletRow } from '../../components/CatalogueWalletRow.tsx';
import { AlertIcon, CloseIcon, WalletGlyph } from '../../components/icons.tsx';
import { VirtualList } from './VirtualList.tsx';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { msg, useT } from '../../i18n/useT.ts';

/** A 60 px row and the list's 8 px gap. */
const ROW_HEIGHT = 68;

const SearchIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

/**
 * The whole wallet catalogue of the site's server (issue 5): a search field, then featured,
 * recent and installed wallets and the rest, page by page as the visitor scrolls. Search waits
 * for a pause in typing (the store's debounce); the list stays until the results arrive.
 */
export default function AllWalletsView() {
  const cairn = useCairnInstance('AllWalletsView');
  const { t } = useT();
  const list = useStoreState(cairn.stores.walletList);
  const { connectors, recentWallets } = useStoreState(cairn.stores.connection);
  const [text, setText] = useState(list.query);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();

  useEffect(() => {
    void cairn.loadWallets();
    if (cairn.stores.walletList.get().page === 0) void cairn.loadMoreWallets();
  }, [cairn]);

  const showingResults = list.query.trim() !== '' && list.searchedQuery !== undefined;
  const { featured, pinned, wallets, searchResults } = list;
  // Search results keep the server's relevance order; the list is ordered (featured, recent, installed, rest).
  const items = useMemo(
    () => (showingResults ? searchResults : orderCatalogueWallets({ featured, recentWallets, connectors, pinned, wallets })),
    [showingResults, featured, pinned, wallets, searchResults, recentWallets, connectors],
  );
  // Tags are worked out for the rows on screen only.
  const tag = useMemo(() => catalogueTagger({ featured, recentWallets, connectors }), [featured, recentWallets, connectors]);

  const onSelect = useCallback(
    (wallet: WalletListItem) => {
      cairn.selectWallet(wallet).catch((error: unknown) => console.warn('[cairn] could not start the connection', error));
    },
    [cairn],
  );
  const renderRow = useCallback(
    (wallet: WalletListItem) => <CatalogueWalletRow wallet={wallet} tag={tag(wallet).tag} imageUrl={cairn.walletImageUrl(wallet.image_id)} onSelect={onSelect} />,
    [cairn, onSelect, tag],
  );
  const loadMore = useCallback(() => void cairn.loadMoreWallets(), [cairn]);
  const retryList = () => {
    void cairn.loadWallets();
    void cairn.loadMoreWallets();
  };
  const search = (query: string) => {
    setText(query);
    void cairn.searchWallets(query);
  };

  const searching = list.searchStatus === 'waiting' || list.searchStatus === 'loading';
  const listLoading = !showingResults && items.length === 0 && (list.pageStatus === 'loading' || list.page === 0) && list.pageStatus !== 'error';

  let body;
  if (list.query.trim() !== '' && list.searchStatus === 'error') {
    body = (
      <Problem text={WalletListText.searchFailed} detail={list.searchError} onRetry={() => void cairn.searchWallets(list.query, { immediate: true })} />
    );
  } else if (showingResults && items.length === 0 && list.searchStatus === 'ready') {
    body = (
      <div className="empty catalogue-empty">
        <span className="empty-icon" aria-hidden="true">
          <WalletGlyph size={26} />
        </span>
        <p className="headline">{t(WalletListText.noWalletFound)}</p>
        <p className="muted">{t('catalogue.checkTheSpellingOr')}</p>
      </div>
    );
  } else if (!showingResults && items.length === 0 && list.pageStatus === 'error') {
    body = <Problem text={WalletListText.loadFailed} detail={list.pageError} onRetry={retryList} />;
  } else if (listLoading) {
    body = (
      <div className="catalogue-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('catalogue.loadingWallets')}
      </div>
    );
  } else {
    const footer = showingResults ? null : list.pageStatus === 'error' ? (
      <div className="vlist-footer">
        <Problem text={WalletListText.loadFailed} detail={list.pageError} onRetry={loadMore} compact />
      </div>
    ) : list.pageStatus === 'loading' ? (
      <div className="vlist-footer" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="sr-only">{t('catalogue.loadingMoreWallets')}</span>
      </div>
    ) : null;
    body = (
      <VirtualList
        id={listId}
        items={items}
        rowHeight={ROW_HEIGHT}
        label={showingResults ? t('catalogue.walletsMatchingQuery', { query: list.searchedQuery ?? '' }) : t('catalogue.allWallets')}
        renderRow={renderRow}
        // No automatic retry of a failed page: the footer's Retry does it.
        onNearEnd={showingResults || list.complete || list.pageStatus === 'error' ? undefined : loadMore}
        scrollKey={showingResults ? `search:${list.searchedQuery ?? ''}` : 'list'}
        busy={searching}
        footer={footer}
      />
    );
  }

  return (
    <div className="catalogue">
      <div className="search" data-busy={searching || undefined}>
        <label className="sr-only" htmlFor={inputId}>
          {t('catalogue.searchWallets')}
        </label>
        <span className="search-icon" aria-hidden="true">
          {searching ? <span className="spinner" /> : <SearchIcon />}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          className="search-input"
          type="search"
          placeholder={t('catalogue.searchWallet')}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={100}
          data-autofocus
          aria-controls={listId}
          value={text}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              // Escape clears the search first (the modal's Escape skips a handled key); the next one closes.
              event.preventDefault();
              search('');
            } else if (event.key === 'ArrowDown') {
              // The modal renders in a shadow root: look inside this view, not in the document.
              const first = inputRef.current?.closest('.catalogue')?.querySelector<HTMLElement>('li[data-index="0"] button');
              if (first) {
                event.preventDefault();
                first.focus();
              }
            }
          }}
        />
        {text !== '' && (
          <button
            type="button"
            className="search-clear"
            aria-label={t('catalogue.clearSearch')}
            onClick={() => {
              search('');
              inputRef.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {showingResults && list.searchStatus === 'ready'
          ? items.length === 0
            ? t(WalletListText.noWalletFound)
            : t(items.length === 1 ? msg('catalogue.countWalletFound') : msg('catalogue.countWalletsFound'), { count: items.length })
          : ''}
      </p>
      {body}
    </div>
  );
}

function Problem({ text, detail, onRetry, compact = false }: { text: string; detail?: string; onRetry(): void; compact?: boolean }) {
  const { t } = useT();
  return (
    <div className={compact ? 'catalogue-problem compact' : 'catalogue-problem'} role="alert">
      <p className="error-text">
        <AlertIcon />
        {t(text)}
      </p>
      {detail && !compact && <p className="muted">{detail}</p>}
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('catalogue.retry')}
      </button>
    </div>
  );
}
