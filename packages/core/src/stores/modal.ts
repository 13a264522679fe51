import { createStore } from '../createStore.ts';

export interface ModalState {
  open: boolean;
  /** SPEC §9: the modal shakes for 500 ms when the visitor's action was refused (shakeModal). */
  shaking: boolean;
}

export const createModalStore = () => createStore<ModalState>({ open: false, shaking: false });
export type ModalStore = ReturnType<typeof createModalStore>;
