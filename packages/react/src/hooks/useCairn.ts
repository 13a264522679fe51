import type { Cairn, OpenOptions } from '@cairn/core';
import { useSyncExternalStore } from 'react';
import { useCairnInstance } from '../context.ts';

export interface UseCairnReturnType {
  /** Opens on `options.view`, else on Account when connected and on Connect when not. */
  open(options?: OpenOptions): void;
  close(): void;
  isOpen: boolean;
  cairn: Cairn;
}

export function useCairn(): UseCairnReturnType {
  const cairn = useCairnInstance('useCairn');
  const isOpen = useSyncExternalStore(
    cairn.stores.modal.subscribe,
    () => cairn.stores.modal.get().open,
    () => false,
  );
  return { open: cairn.open, close: cairn.close, isOpen, cairn };
}
