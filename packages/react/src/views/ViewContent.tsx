import type { RouteEntry } from '@cairn/core';
import { Suspense } from 'react';
import { LazyAccountView } from './lazyAccountView.ts';
import { ConnectingExternalView } from './ConnectingExternalView.tsx';
import { ConnectView } from './ConnectView.tsx';
import { UnavailableView } from './UnavailableView.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { FocusWhenRevealed } from '../modal/FocusWhenRevealed.tsx';
import { FEATURE_VIEWS } from '../features/features.ts';

/** The view on top of the router's stack. */
export function ViewContent({ entry }: { entry: RouteEntry }) {
  const View = FEATURE_VIEWS[entry.view]?.component;
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
      return (
        <Suspense fallback={<LoadingLine />}>
          <LazyAccountView />
          <FocusWhenRevealed />
        </Suspense>
      );
    default:
      return <UnavailableView />;
  }
}
