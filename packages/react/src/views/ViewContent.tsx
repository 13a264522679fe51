import type { RouteEntry } from '@cairn/core';
import { lazy, Suspense } from 'react';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { AllWalletsView } from './AllWalletsView.tsx';
import { ConnectingSiweView } from './ConnectingSiweView.tsx';
import { NetworksView } from './NetworksView.tsx';
import { UnavailableView } from './UnavailableView.tsx';
import { UnsupportedChainView } from './UnsupportedChainView.tsx';
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.tsx';

// The wallet's views are chunks of their own, fetched on intent or when opened.
const ActivityView = lazy(() => import('./activity/ActivityView.tsx'));
const ReceiveView = lazy(() => import('./receive/ReceiveView.tsx'));
const SendView = lazy(() => import('./send/SendView.tsx'));
const SendPreviewView = lazy(() => import('./send/SendPreviewView.tsx'));

function ViewLoading() {
  return (
    <p className="status-line" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </p>
  );
}

/** The view on top of the router's stack. */
export function ViewContent({ entry }: { entry: RouteEntry }) {
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
    case 'Activity':
      return (
        <Suspense fallback={<ViewLoading />}>
          <ActivityView />
        </Suspense>
      );
    case 'Send':
      return (
        <Suspense fallback={<ViewLoading />}>
          <SendView />
        </Suspense>
      );
    case 'SendPreview':
      return (
        <Suspense fallback={<ViewLoading />}>
          <SendPreviewView />
        </Suspense>
      );
    case 'Receive':
      return (
        <Suspense fallback={<ViewLoading />}>
          <ReceiveView />
        </Suspense>
      );
    default:
      return <UnavailableView />;
  }
}
