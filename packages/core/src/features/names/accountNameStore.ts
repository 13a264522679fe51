import { createStore } from '../../createStore.ts';

// SPEC §2 RegisterAccountName: the name being chosen, its availability and the suggestions (§3).
export interface AccountNameState {
  /** The label as typed (without the zone). */
  query: string;
  checking: boolean;
  /** The full name (with the server's zone) when the typed label is free. */
  available?: string;
  /** The typed label is someone's. */
  taken: boolean;
  /** Free names like the typed one, when it is taken (SPEC §3 name suggestion). */
  suggestions: string[];
  registering: boolean;
  /** The name registered last, for RegisterAccountNameSuccess. */
  registered?: string;
  error?: string;
  /** The names the connected address already holds (SPEC §7 reverse lookup), once read. */
  ownNames?: readonly string[];
  /** Why they could not be read (SPEC §8: the server's reason, or 'Error fetching names for address'). */
  ownNamesError?: string;
}

const EMPTY: AccountNameState = { query: '', checking: false, taken: false, suggestions: [], registering: false };

export function createAccountNameStore() {
  const store = createStore<AccountNameState>(EMPTY);
  return {
    ...store,
    setQuery: (query: string) => store.set({ query: String(query).slice(0, 63), available: undefined, taken: false, suggestions: [], error: undefined }),
    reset: () => store.set({ ...EMPTY, available: undefined, registered: undefined, error: undefined, ownNames: undefined, ownNamesError: undefined }),
  };
}
export type AccountNameStore = ReturnType<typeof createAccountNameStore>;
