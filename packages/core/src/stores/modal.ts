import { createStore } from '../createStore.ts';

export interface ModalState {
  open: boolean;
}

export const createModalStore = () => createStore<ModalState>({ open: false });
export type ModalStore = ReturnType<typeof createModalStore>;
