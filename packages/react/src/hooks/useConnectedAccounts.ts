import type { AccountState, Cairn, ChainNamespace } from '@cairn/core';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';

/** The namespaces the site has adapters for, and the accounts connected in them (SPEC §3), in adapter order. */
export function useConnectedAccounts(cairn: Cairn): { namespaces: readonly ChainNamespace[]; connected: readonly AccountState[] } {
  const namespaces = useMemo(() => [...new Set(cairn.options.adapters.map((adapter) => adapter.namespace))], [cairn]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = namespaces.map((namespace) => cairn.stores.account(namespace).subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },
    [cairn, namespaces],
  );
  const last = useRef<{ states: AccountState[]; connected: AccountState[] }>(undefined);
  const snapshot = () => {
    const states = namespaces.map((namespace) => cairn.stores.account(namespace).get());
    if (last.current && states.every((state, index) => state === last.current!.states[index])) return last.current.connected;
    last.current = { states, connected: states.filter((state) => state.status === 'connected' && state.address !== undefined) };
    return last.current.connected;
  };
  const connected = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { namespaces, connected };
}
