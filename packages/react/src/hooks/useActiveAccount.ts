import type { AccountState, Cairn } from '@cairn/core';
import { useStoreState } from './useStoreState.ts';

/** The account state of the active chain namespace, following namespace changes. */
export function useActiveAccount(cairn: Cairn): AccountState {
  const { activeNamespace } = useStoreState(cairn.stores.network);
  return useStoreState(cairn.stores.account(activeNamespace));
}
