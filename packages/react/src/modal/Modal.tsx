import { whenIdle } from '@cairn/core';
import { useEffect, useId } from 'react';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { themeHostCss } from '../theme/themeHostCss.ts';
import { preloadViewsFollowing } from '../features/preloadFollowing.ts';
import { ViewContent } from '../views/ViewContent.tsx';
import { LazyAccountView } from '../views/lazyAccountView.ts';
import { viewTitle } from '../views/viewTitle.ts';
import { Dialog } from './Dialog.tsx';
import { Header } from './Header.tsx';
import { MODAL_CSS } from './modalCss.ts';
import { Toast } from './Toast.tsx';

export interface ModalProps {
  open: boolean;
}

/** At the latest this long after a view shows, the views that usually follow it are fetched. */
const PRELOAD_FOLLOWING_WITHIN_MS = 500;

const STYLE = themeHostCss() + MODAL_CSS;

/**
 * The lazily loaded part: the styles, the dialog and the view on top of the router's stack. The
 * dialog stays rendered while closed (hidden), so a click only has to show it: rendering its tree
 * and laying it out on the click cost a phone about 60 ms.
 */
export default function Modal({ open }: ModalProps) {
  return (
    <>
      <style>{STYLE}</style>
      <ModalDialog open={open} />
    </>
  );
}

function ModalDialog({ open }: { open: boolean }) {
  const cairn = useCairnInstance('Modal');
  const { router } = cairn.stores;
  const { shaking } = useStoreState(cairn.stores.modal);
  const { history } = useStoreState(router);
  useStoreState(cairn.stores.siwx); // the close control follows the sign-in state
  const entry = router.current();
  const titleId = useId();
  // Only an open modal fetches what comes next: the hidden one rendered ahead of the first click must
  // not. Once the view has painted: React runs a click's effects before the paint, and the preloads
  // (a modulepreload link per chunk) took ~10 ms of the click → first wallet row (issue 29's profile).
  useEffect(() => {
    if (open) return whenIdle(() => preloadViewsFollowing(entry.view), PRELOAD_FOLLOWING_WITHIN_MS);
  }, [open, entry.view]);
  // The Account view is what the modal shows once connected: fetched as soon as a connection is
  // there or under way, not for a visitor who has none.
  useEffect(() => {
    const { connection } = cairn.stores;
    const preloadWhenConnecting = () => {
      if (connection.get().status !== 'disconnected') LazyAccountView.preload();
    };
    preloadWhenConnecting();
    return connection.subscribe(preloadWhenConnecting);
  }, [cairn]);
  return (
    <Dialog open={open} titleId={titleId} onClose={cairn.close} focusKey={entry} shaking={shaking}>
      <Header
        titleId={titleId}
        title={viewTitle(entry)}
        onBack={history.length > 1 ? () => router.goBack() : undefined}
        onClose={cairn.close}
        closeDisabled={cairn.isCloseBlocked()}
      />
      <div className="body">
        <ViewContent entry={entry} />
      </div>
      <Toast />
    </Dialog>
  );
}
