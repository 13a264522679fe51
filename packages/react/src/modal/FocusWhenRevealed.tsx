import { useEffect, useRef } from 'react';

/**
 * Placed beside a lazy view inside its Suspense boundary, so it mounts when the view does. The
 * dialog moved focus when the view opened; if the view's chunk was still on its way, focus went
 * to the card (nothing to focus yet): it moves now to the view's `data-autofocus` element.
 */
export function FocusWhenRevealed() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const card = marker.current?.closest<HTMLElement>('[role="dialog"]');
    if (!card || (card.getRootNode() as Document | ShadowRoot).activeElement !== card) return;
    card.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
  }, []);
  return <span ref={marker} hidden />;
}
