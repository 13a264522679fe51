import type { RouteEntry, ViewName } from '@cairn/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { AccountView } from './AccountView.tsx';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { UnavailableView } from './UnavailableView.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { FocusWhenRevealed } from '../modal/FocusWhenRevealed.tsx';
import { FEATURE_VIEWS } from '../features/features.ts';
import type { FeatureViewProps } from '../features/featureUi.ts';

// The login's views are chunks of their own, fetched on intent or when opened (the wallet
// features' views are in their folders: features/features.ts).
const LAZY_VIEWS: Partial<Record<ViewName, ComponentType<FeatureViewProps>>> = {
  EmailVerifyOtp: lazy(() => import('../features/embeddedWallet/EmailVerifyOtpView.tsx')),
  ConnectingSocial: lazy(() => import('../features/embeddedWallet/ConnectingSocialView.tsx')),
  ApproveTransaction: lazy(() => import('../features/embeddedWallet/ApproveTransactionView.tsx')),
  UpdateEmailWallet: lazy(() => import('../features/embeddedWallet/UpdateEmailWalletView.tsx')),
  UpdateEmailPrimaryOtp: lazy(() => import('../features/embeddedWallet/UpdateEmailPrimaryOtpView.tsx')),
  UpdateEmailSecondaryOtp: lazy(() => import('../features/embeddedWallet/UpdateEmailSecondaryOtpView.tsx')),
};

/** The view on top of the router's stack. */
export function ViewContent({ entry }: { entry: RouteEntry }) {
  const View = FEATURE_VIEWS[entry.view]?.component ?? LAZY_VIEWS[entry.view];
  if (View) {
    return (
      <Suspense fallback={<LoadingLine />}>
        <View data={entry.data} />
        <FocusWhenRevealed />
      </Suspense>
    );
  }
  switch (entry.view) {
    case 'Connect':
      return <ConnectView />;
    case 'ConnectingExternal':
      return <ConnectingExternalView connector={entry.data?.connector} />;
    case 'Account':
      return <AccountView />;
    default:
      return <UnavailableView />;
  }
}
