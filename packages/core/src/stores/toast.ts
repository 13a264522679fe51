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
}

/** How long a toast stays before it hides itself; a loading toast stays until replaced. */
export const TOAST_DURATION_MS = 3000;

export function createToastStore(schedule: (run: () => void, ms: number) => unknown = setTimeout) {
  const store = createStore<ToastState>({ open: false, variant: 'info', id: 0 });
  const hide = (id: number) => {
    if (store.get().id === id) store.set({ open: false });
  };
  return {
    ...store,
    show(message: string, variant: ToastVariant = 'info'): void {
      const id = store.get().id + 1;
      store.set({ open: true, message, variant, id });
      if (variant !== 'loading') schedule(() => hide(id), TOAST_DURATION_MS);
    },
    hide: () => store.set({ open: false }),
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;
