import type { Cairn } from '@cairn/core';
import { firstPaint } from '@cairn/core';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CairnContext } from '../context.ts';
import { useHostTheme } from '../theme/useHostTheme.ts';
import { loadedModal, loadModal, prefetchModalWhenIdle } from './loadModal.ts';

export const MODAL_HOST_TAG = 'cairn-modal';

function createModalHost(): ShadowRoot {
  const host = document.createElement(MODAL_HOST_TAG);
  document.body.append(host);
  return host.attachShadow({ mode: 'open' });
}

/**
 * Mounts the modal into its own shadow root on <body>, wherever the button lives. It depends on
 * nothing but the instance, so a plain-JS `mount(cairn)` can render it into its own React root.
 */
export function CairnModalRoot({ cairn }: { cairn: Cairn }) {
  // Issue 29: while the instance is not assembled, the modal's host waits for the effect after the
  // page's first paint, so that painting the button assembles nothing.
  const [awake, setAwake] = useState(() => firstPaint(cairn) === undefined);
  useEffect(() => setAwake(true), []);
  return awake ? <ModalHost cairn={cairn} /> : null;
}

function ModalHost({ cairn }: { cairn: Cairn }) {
  const { modal } = cairn.stores;
  const isOpen = useSyncExternalStore(modal.subscribe, () => modal.get().open, () => false);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const [loadedLate, setLoadedLate] = useState(loadedModal);
  // Read at render time: the idle prefetch has usually brought the chunk by the first click, and
  // waiting for an effect to notice would cost the visitor a frame.
  const Modal = loadedLate ?? loadedModal();

  // Once the chunk has arrived on idle, the host and the modal's styles are set up closed, so
  // the first click only has to render the dialog.
  useEffect(() => prefetchModalWhenIdle((component) => setLoadedLate(() => component)), []);

  // The host is created at the latest on first open, before the dialog inside mounts and moves
  // focus into it.
  useLayoutEffect(() => {
    if ((isOpen || Modal) && !root) setRoot(createModalHost());
  }, [isOpen, Modal, root]);

  useLayoutEffect(() => {
    if (!root) return;
    if (!root.host.isConnected) document.body.append(root.host);
    return () => root.host.remove();
  }, [root]);

  useEffect(() => {
    if (!isOpen || Modal) return;
    let current = true;
    loadModal().then(
      (component) => {
        if (current) setLoadedLate(() => component);
      },
      (error: unknown) => {
        console.error('[cairn] could not load the modal', error);
        // Closed again, so that the next click retries the load instead of doing nothing.
        if (current) cairn.close();
      },
    );
    return () => {
      current = false;
    };
  }, [isOpen, Modal, cairn]);

  useHostTheme(root ? (root.host as HTMLElement) : null, cairn);

  if (!root || !Modal) return null;
  return createPortal(
    <CairnContext.Provider value={cairn}>
      <Modal open={isOpen} />
    </CairnContext.Provider>,
    root,
  );
}
