import type { Cairn } from '@cairn/core';
import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { useCairnInstance } from '../context.ts';
import { loadModal } from '../modal/loadModal.ts';
import { useHostTheme } from '../theme/useHostTheme.ts';
import { bindButtonView, createButtonView, readButtonState, type ButtonView } from './buttonView.ts';

export { CONNECT_BUTTON_HOST_TAG } from './buttonView.ts';
/** The light-DOM place React renders; the shadow host is moved into it. */
const CONNECT_BUTTON_SLOT_TAG = 'cairn-button-slot';

const prefetchModal = () => {
  loadModal().catch(() => {
    // retried when the modal opens
  });
};

/**
 * Opens the modal. The button itself is plain DOM in a shadow root (buttonView.ts), built before
 * the first render and shown in React's first commit with the stores' current state.
 */
export function ConnectButton() {
  const cairn = useCairnInstance('ConnectButton');
  const target = useRef<Cairn>(cairn);
  const [view] = useState((): ButtonView | null => {
    if (typeof document === 'undefined') return null;
    const created = createButtonView({
      press: () => target.current.open(),
      warm: () => {
        prefetchModal();
        target.current.prefetch();
      },
    });
    created.show(readButtonState(cairn));
    return created;
  });
  const place = useCallback(
    (slot: HTMLElement | null) => {
      if (slot && view && view.host.parentNode !== slot) slot.append(view.host);
    },
    [view],
  );
  useEffect(() => {
    target.current = cairn;
    return view ? bindButtonView(view, cairn) : undefined;
  }, [view, cairn]);
  useHostTheme(view?.host ?? null, cairn);
  // The server renders the same empty slot as the client's first render, so hydration matches;
  // the shadow host is moved in after the commit, outside React's tree.
  return createElement(CONNECT_BUTTON_SLOT_TAG, { ref: place, style: { display: 'contents' } });
}
