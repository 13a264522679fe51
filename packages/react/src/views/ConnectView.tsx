import { ErrorText, type WalletListItem } from '@cairn/core';
import { connectLoginOptions, connectorOrder, connectWalletsLayout } from '@cairn/core/rules';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CatalogueWalletRow } from '../components/CatalogueWalletRow.tsx';
import { ChevronRightIcon, WalletGlyph } from '../components/icons.tsx';
import { WalletRow } from '../components/WalletRow.tsx';
import { LegalCheckbox } from '../components/LegalCheckbox.tsx';
import { EmailLoginForm } from '../features/embeddedWallet/EmailLoginForm.tsx';
import { SocialLoginButtons } from '../features/embeddedWallet/SocialLoginButtons.tsx';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';

/**
 * The wallets in SPEC §9's connector order (connectorOrder: WalletConnect, recent, found in this
 * browser, featured, the site's custom wallets, external, up to 4 recommended), then the row to
 * All Wallets; the legal checkbox and collapsed wallets as the site's switches say.
 */
export function ConnectView() {
  const cairn = useCairnInstance('ConnectView');
  const { t } = useT();
  const { connectors, recentWallets } = useStoreState(cairn.stores.connection);
  const { error: signInError } = useStoreState(cairn.stores.siwx);
  const { open } = useStoreState(cairn.stores.modal);
  const catalogue = useStoreState(cairn.stores.walletList);
  const hasCatalogue = cairn.options.api !== undefined;
  const showAllWallets = hasCatalogue && cairn.options.features.allWallets;
  // E-mail and social login (the secure frame), as the site's feature switches say.
  const { email: emailLogin, socials, farcaster } = connectLoginOptions({ hasFrame: cairn.options.embeddedWallet !== undefined, ...cairn.options.features });
  const { accepted: legalAccepted } = useStoreState(cairn.stores.legalConsent);
  const [walletsExpanded, setWalletsExpanded] = useState(false);
  const layout = connectWalletsLayout({ ...cairn.options.features, legalAccepted, offersLogin: emailLogin || socials.length > 0 || farcaster, walletsExpanded });
  const login = (emailLogin || socials.length > 0 || farcaster) && (
    <div className="login">
      {emailLogin && <EmailLoginForm />}
      {(socials.length > 0 || farcaster) && <SocialLoginButtons providers={socials} farcaster={farcaster} />}
      <p className="login-divider" aria-hidden="true">
        <span>{t('common.or')}</span>
      </p>
    </div>
  );

  // The modal stays rendered while closed: the catalogue is asked for only once it is open.
  useEffect(() => {
    if (open && hasCatalogue) void cairn.loadWallets();
  }, [open, hasCatalogue, cairn]);

  const customWallets = useMemo(() => cairn.options.customWallets.map((entry) => entry.wallet), [cairn]);
  const items = useMemo(
    () => connectorOrder({ connectors, recentWallets, featured: catalogue.featured, customWallets, recommended: catalogue.recommended }),
    [connectors, recentWallets, catalogue.featured, customWallets, catalogue.recommended],
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

  const legal = layout.legalCheckbox && <LegalCheckbox />;
  if (items.length === 0 && !showAllWallets) {
    return (
      <>
        {alert}
        {legal}
        {login}
        <div className="empty">
          <span className="empty-icon" aria-hidden="true">
            <WalletGlyph size={26} />
          </span>
          <p className="headline">{t('connect.noWalletFoundIn')}</p>
          <p className="muted">{t('connect.installABrowserWallet')}</p>
        </div>
      </>
    );
  }
  // The catalogue (and WalletConnect) still offer wallets; the visitor is told why theirs is not listed.
  const noBrowserWallet = !connectors.some((connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED');
  return (
    <>
      {alert}
      {legal}
      {login}
      {layout.walletsCollapsed ? (
        <button type="button" className="row" data-testid="continue-with-wallet" onClick={() => setWalletsExpanded(true)}>
          <span className="wallet-icon all-wallets-icon" style={{ width: 40, height: 40 }} aria-hidden="true">
            <WalletGlyph size={22} />
          </span>
          <span className="row-name">{t('connect.continueWithAWallet')}</span>
          <span className="row-chevron" aria-hidden="true">
            <ChevronRightIcon />
          </span>
        </button>
      ) : (
        <>
          {noBrowserWallet && <p className="lead">{t('connect.noWalletFoundInThis')}</p>}
          <ul className="list" aria-label={t('connect.walletsList')}>
            {items.map((item) =>
              item.connector ? (
                <li key={item.connector.id}>
                  <WalletRow
                    item={item}
                    disabled={layout.walletsDisabled}
                    onSelect={() => {
                      cairn.connect(item.connector.id).catch((error: unknown) => {
                        console.warn('[cairn] could not start the connection', error);
                      });
                    }}
                  />
                </li>
              ) : (
                <li key={`${item.section}:${item.wallet.id}`}>
                  <CatalogueWalletRow
                    wallet={item.wallet}
                    tag={item.section === 'featured' ? 'featured' : undefined}
                    imageUrl={cairn.walletImageUrl(item.wallet.image_id)}
                    onSelect={selectWallet}
                    disabled={layout.walletsDisabled}
                  />
                </li>
              ),
            )}
            {showAllWallets && (
              <li>
                <button
                  type="button"
                  className="row"
                  data-testid="all-wallets"
                  disabled={layout.walletsDisabled}
                  onClick={() => cairn.stores.router.push('AllWallets')}
                >
                  <span className="wallet-icon all-wallets-icon" style={{ width: 40, height: 40 }} aria-hidden="true">
                    <WalletGlyph size={22} />
                  </span>
                  <span className="row-name">{t('common.allWallets')}</span>
                  {catalogue.count !== undefined && (
                    <span className="row-count">
                      <span className="sr-only">, </span>
                      {catalogue.count}
                      <span className="sr-only">{` ${catalogue.count === 1 ? t('connect.walletCount') : t('connect.walletsCount')}`}</span>
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
      )}
    </>
  );
}
