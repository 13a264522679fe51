import { createStore } from '../../createStore.ts';
import { NAMESPACES, type ChainNamespace } from '../../namespaces.ts';

export type AccountType = 'eoa' | 'smartAccount';

// SPEC §3: the account state's smartAccountDeployed and preferredAccountTypes; SPEC §3 network
// state's smart-account-enabled networks.
export interface AccountTypesState {
  /** The connected account's type, where the wallet says (the embedded wallet does). */
  activeType?: AccountType;
  /** The address activeType is of (the wallet's account in the namespace it was read for). */
  activeAddress?: string;
  smartAccountDeployed: boolean;
  /** SPEC §4's defaults until the user picks. */
  preferredAccountTypes: Record<ChainNamespace, string>;
  smartAccountEnabledNetworks: readonly number[];
  switching: boolean;
  error?: string;
}

const defaults = () => Object.fromEntries(Object.entries(NAMESPACES).map(([namespace, facts]) => [namespace, facts.preferredAccountType])) as Record<ChainNamespace, string>;
const EMPTY = (): AccountTypesState => ({ smartAccountDeployed: false, preferredAccountTypes: defaults(), smartAccountEnabledNetworks: [], switching: false });

export function createAccountTypesStore() {
  const store = createStore<AccountTypesState>(EMPTY());
  return { ...store, reset: () => store.set({ ...EMPTY(), activeType: undefined, activeAddress: undefined, error: undefined }) };
}
export type AccountTypesStore = ReturnType<typeof createAccountTypesStore>;
