import { lazyModule, whenIdle } from '@cairn/core';
import type { ComponentType } from 'react';
import type { ModalProps } from './Modal.tsx';

type ModalComponent = ComponentType<ModalProps>;

/**
 * The modal's chunk (views and their CSS). The only reference to './Modal.tsx' is this dynamic
 * import, so bundlers split it out of the page's first load. A failed load is forgotten so that
 * the next open tries again.
 */
const modalChunk = lazyModule(() => import('./Modal.tsx').then((module) => module.default));

export const loadModal = (): Promise<ModalComponent> => modalChunk.load();

/** The modal component if its chunk has already arrived. */
export const loadedModal = (): ModalComponent | undefined => modalChunk.loaded();

/**
 * Warms the chunk once the page has loaded and the browser is idle, so it never competes with
 * the site's own first load and the first click does not wait for it.
 */
export function prefetchModalWhenIdle(onLoaded?: (modal: ModalComponent) => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const scheduleIdle = () => {
    cancelIdle = whenIdle(() => {
      loadModal().then(
        (modal) => {
          if (!cancelled) onLoaded?.(modal);
        },
        () => {
          // retried on open, where a failure is reported
        },
      );
    }, 4000);
  };
  if (document.readyState === 'complete') scheduleIdle();
  else window.addEventListener('load', scheduleIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', scheduleIdle);
    cancelIdle();
  };
}
