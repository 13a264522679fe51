import { NAMESPACES } from '@cairn/core/internal';

export type AccountType = 'eoa' | 'smartAccount';

/** The account type the user prefers, kept in the frame origin's storage so it survives reloads (SPEC §3). */
export interface PreferredAccountStore {
  get(): AccountType;
  set(type: AccountType): void;
}

const KEY = '@cairn-frame/preferredAccountType';
// SPEC §4: the eip155 default (the frame's key is an EVM key).
const DEFAULT_TYPE = NAMESPACES.eip155.preferredAccountType;
const isAccountType = (value: unknown): value is AccountType => value === 'eoa' || value === 'smartAccount';

/** The frame origin's localStorage; a corrupted value reads as the default and is dropped. */
export function localPreferredAccountStore(storage: Storage): PreferredAccountStore {
  return {
    get() {
      const value = storage.getItem(KEY);
      if (value !== null && !isAccountType(value)) storage.removeItem(KEY);
      return isAccountType(value) ? value : DEFAULT_TYPE;
    },
    set(type) {
      storage.setItem(KEY, type);
    },
  };
}

export function memoryPreferredAccountStore(initial: AccountType = DEFAULT_TYPE): PreferredAccountStore {
  let type = initial;
  return {
    get: () => type,
    set(next) {
      type = next;
    },
  };
}
