import { createStore } from '../createStore.ts';

export type ToastVariant = 'success' | 'error' | 'info' | 'loading';

// SPEC §8: the modal's toasts ('Transaction started', 'Token Balance Unavailable', ...). One shows
// at a time: a new one replaces the last.
export interface ToastState {
  open: boolean;
  message?: string;
  variant: ToastVariant;
  /** Grows with each toast, so a view can tell a repeated message from the same one. */
  id: number;
  /** A page the toast points to (a transaction on the network's explorer). */
  link?: ToastLink;
}

export interface ToastLink {
  url: string;
  /** Whose page it is ('Etherscan'): the link reads 'View on {name}'. */
  name: string;
}

/** How long a toast stays before it hides itself; a loading toast stays until replaced. */
export const TOAST_DURATION_MS = 3000;
/** A toast with a link stays longer: it is there to be followed. */
export const LINK_TOAST_DURATION_MS = 8000;

export function createToastStore(schedule: (run: () => void, ms: number) => unknown = setTimeout) {
  const store = createStore<ToastState>({ open: false, variant: 'info', id: 0 });
  const hide = (id: number) => {
    if (store.get().id === id) store.set({ open: false });
  };
  return {
    ...store,
    show(message: string, variant: ToastVariant = 'info', link?: ToastLink): void {
      const id = store.get().id + 1;
      store.set({ open: true, message, variant, id, link });
      if (variant !== 'loading') schedule(() => hide(id), link ? LINK_TOAST_DURATION_MS : TOAST_DURATION_MS);
    },
    hide: () => store.set({ open: false }),
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;
