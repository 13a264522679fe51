import type { Store } from '@cairn/core';
import { useSyncExternalStore } from 'react';

/** The current snapshot of a core store; re-renders when the store changes. */
export function useStoreState<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
