import { STORAGE_PREFIX } from './constants.ts';
import { storedValueParsers, type StorageKey, type StorageValue } from './storageValues.ts';

export type { RecentWallet, StorageKey, StorageValue, StoredConnection } from './storageValues.ts';

/** The part of the Web Storage API the widget uses; `localStorage` by default. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage {
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined;
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void;
  remove(key: StorageKey): void;
  /** Reads every key once, so a bad value is dropped at start even if nothing reads it soon. */
  validateAll(): void;
  /**
   * A key owned by code that loads later (the caches), with its parser: validated on every read
   * like the others, without putting that parser in the page's first JS.
   */
  read<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined;
  write(key: string, value: unknown): void;
  erase(key: string): void;
}

export function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * localStorage when the page may use it (touching it throws in sandboxed frames), else memory.
 * Only a read probes it: a write on every page load costs time, and a failed write later is
 * caught by SafeStorage anyway.
 */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    storage.getItem(`${STORAGE_PREFIX}recentWallets`);
    return storage;
  } catch {
    return memoryStorage();
  }
}

/**
 * One prefix, every read validated: a corrupted or foreign value is removed and reads as absent,
 * so a bad entry can never crash the page or be trusted.
 */
export function createSafeStorage(backend: StorageLike = defaultStorage()): SafeStorage {
  const keyOf = (key: string) => `${STORAGE_PREFIX}${key}`;
  const erase = (key: string) => {
    try {
      backend.removeItem(keyOf(key));
    } catch {
      // storage became unavailable; nothing to clean
    }
  };
  const read = <T>(key: string, parse: (value: unknown) => T | undefined): T | undefined => {
    let raw: string | null;
    try {
      raw = backend.getItem(keyOf(key));
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const value = parse(JSON.parse(raw));
      if (value !== undefined) return value;
    } catch {
      // not JSON: fall through and drop it
    }
    erase(key);
    return undefined;
  };
  const write = (key: string, value: unknown) => {
    try {
      backend.setItem(keyOf(key), JSON.stringify(value));
    } catch {
      // quota exceeded or storage blocked: the widget keeps working without persistence
    }
  };
  return {
    get: (key) => read(key, storedValueParsers[key] as (value: unknown) => StorageValue<typeof key> | undefined),
    set: write,
    remove: erase,
    validateAll() {
      for (const key of Object.keys(storedValueParsers) as StorageKey[]) this.get(key);
    },
    read,
    write,
    erase,
  };
}
