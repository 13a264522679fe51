import { ErrorText, type WalletListItem } from '@cairn/core';
import { connectLoginOptions, connectViewCatalogue, orderConnectors, type CatalogueWallet } from '@cairn/core/rules';
import { useCallback, useEffect, useMemo } from 'react';
import { CatalogueWalletRow } from '../components/CatalogueWalletRow.tsx';
import { ChevronRightIcon, WalletGlyph } from '../components/icons.tsx';
import { WalletRow } from '../components/WalletRow.tsx';
import { EmailLoginForm } from '../components/EmailLoginForm.tsx';
import { SocialLoginButtons } from '../components/SocialLoginButtons.tsx';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';

/**
 * The wallets in the order of SPEC §9: WalletConnect, recent, found in this browser, then, from
 * the site's catalogue, the featured wallets, up to 4 recommended ones (those not listed
 * already) and the row to All Wallets.
 */
export function ConnectView() {
  const cairn = useCairnInstance('ConnectView');
  const { t } = useT();
  const { connectors, recentWallets } = useStoreState(cairn.stores.connection);
  const items = useMemo(() => orderConnectors(connectors, recentWallets), [connectors, recentWallets]);
  const { error: signInError } = useStoreState(cairn.stores.siwx);
  const { open } = useStoreState(cairn.stores.modal);
  const catalogue = useStoreState(cairn.stores.walletList);
  const hasCatalogue = cairn.options.api !== undefined;
  const showAllWallets = hasCatalogue && cairn.options.features.allWallets;
  // E-mail and social login (the secure frame), as the site's feature switches say.
  const { email: emailLogin, socials } = connectLoginOptions({ hasFrame: cairn.options.embeddedWallet !== undefined, ...cairn.options.features });
  const login = (emailLogin || socials.length > 0) && (
    <div className="login">
      {emailLogin && <EmailLoginForm />}
      {socials.length > 0 && <SocialLoginButtons providers={socials} />}
      <p className="login-divider" aria-hidden="true">
        <span>{t('or')}</span>
      </p>
    </div>
  );

  // The modal stays rendered while closed: the catalogue is asked for only once it is open.
  useEffect(() => {
    if (open && hasCatalogue) void cairn.loadWallets();
  }, [open, hasCatalogue, cairn]);

  const { featured, recommended } = useMemo(
    () => connectViewCatalogue({ featured: catalogue.featured, recommended: catalogue.recommended, connectors }),
    [catalogue.featured, catalogue.recommended, connectors],
  );
  const catalogueItems = useMemo<CatalogueWallet[]>(
    () => [...featured.map((wallet) => ({ wallet, tag: 'featured' as const })), ...recommended.map((wallet) => ({ wallet }))],
    [featured, recommended],
  );
  const selectWallet = useCallback(
    (wallet: WalletListItem) => {
      cairn.selectWallet(wallet).catch((error: unknown) => console.warn('[cairn] could not start the connection', error));
    },
    [cairn],
  );

  // SPEC §8: a sign-in that could not start disconnects and lands here, saying why.
  const alert = signInError === ErrorText.siwxInitFailed && (
    <p className="headline error" role="alert">
      {t(signInError)}
    </p>
  );

  if (items.length === 0 && catalogueItems.length === 0 && !showAllWallets) {
    return (
      <>
        {alert}
        {login}
        <div className="empty">
          <span className="empty-icon" aria-hidden="true">
            <WalletGlyph size={26} />
          </span>
          <p className="headline">{t('No wallet found in this browser')}</p>
          <p className="muted">{t('Install a browser wallet extension, then reload this page to connect.')}</p>
        </div>
      </>
    );
  }
  // The catalogue (and WalletConnect) still offer wallets; the visitor is told why theirs is not listed.
  const noBrowserWallet = !connectors.some((connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED');
  return (
    <>
      {alert}
      {login}
      {noBrowserWallet && <p className="lead">{t('No wallet found in this browser. Pick one below, or install a browser wallet and reload.')}</p>}
      <ul className="list" aria-label={t('Wallets')}>
        {items.map((item) => (
          <li key={item.connector.id}>
            <WalletRow
              item={item}
              onSelect={() => {
                cairn.connect(item.connector.id).catch((error: unknown) => {
                  console.warn('[cairn] could not start the connection', error);
                });
              }}
            />
          </li>
        ))}
        {catalogueItems.map((item) => (
          <li key={`catalogue:${item.wallet.id}`}>
            <CatalogueWalletRow wallet={item.wallet} tag={item.tag} imageUrl={cairn.walletImageUrl(item.wallet.image_id)} onSelect={selectWallet} />
          </li>
        ))}
        {showAllWallets && (
          <li>
            <button
              type="button"
              className="row"
              data-testid="all-wallets"
              onClick={() => cairn.stores.router.push('AllWallets')}
            >
              <span className="wallet-icon all-wallets-icon" style={{ width: 40, height: 40 }} aria-hidden="true">
                <WalletGlyph size={22} />
              </span>
              <span className="row-name">{t('All Wallets')}</span>
              {catalogue.count !== undefined && (
                <span className="row-count">
                  <span className="sr-only">, </span>
                  {catalogue.count}
                  <span className="sr-only">{` ${catalogue.count === 1 ? t('wallet') : t('wallets')}`}</span>
                </span>
              )}
              <span className="row-chevron" aria-hidden="true">
                <ChevronRightIcon />
              </span>
            </button>
          </li>
        )}
      </ul>
    </>
  );
}
