import type { RouteEntry, ViewName } from '@cairn/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { AllWalletsView } from '../features/catalogue/AllWalletsView.tsx';
import { ConnectingSiweView } from '../features/siwx/ConnectingSiweView.tsx';
import { NetworksView } from '../features/networks/NetworksView.tsx';
import { UnavailableView } from './UnavailableView.tsx';
import { UnsupportedChainView } from '../features/networks/UnsupportedChainView.tsx';
import { ConnectingWalletConnectView } from '../features/walletConnect/ConnectingWalletConnectView.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { FEATURE_VIEWS } from '../features/features.ts';

// The login's views are chunks of their own, fetched on intent or when opened (the wallet
// features' views are too: features/features.ts).
const LAZY_VIEWS: Partial<Record<ViewName, LazyExoticComponent<ComponentType>>> = {
  EmailVerifyOtp: lazy(() => import('./login/EmailVerifyOtpView.tsx')),
  ConnectingSocial: lazy(() => import('./login/ConnectingSocialView.tsx')),
  ApproveTransaction: lazy(() => import('./login/ApproveTransactionView.tsx')),
};

/** The view on top of the router's stack. */
export function ViewContent({ entry }: { entry: RouteEntry }) {
  const LazyView = FEATURE_VIEWS[entry.view]?.component ?? LAZY_VIEWS[entry.view];
  if (LazyView) {
    return (
      <Suspense fallback={<LoadingLine />}>
        <LazyView />
      </Suspense>
    );
  }
  switch (entry.view) {
    case 'Connect':
      return <ConnectView />;
    case 'ConnectingExternal':
      return <ConnectingExternalView connector={entry.data?.connector} />;
    case 'AllWallets':
      return <AllWalletsView />;
    case 'Account':
      return <AccountView />;
    case 'Networks':
      return <NetworksView />;
    case 'UnsupportedChain':
      return <UnsupportedChainView />;
    case 'ConnectingSiwe':
      return <ConnectingSiweView />;
    case 'ConnectingWalletConnect':
      return <ConnectingWalletConnectView wallet={entry.data?.wallet} />;
    case 'ConnectingWalletConnectBasic':
      return <ConnectingWalletConnectView wallet={undefined} />;
    default:
      return <UnavailableView />;
  }
}
