import * as v from 'valibot';
import { RECENT_WALLETS_MAX, STORAGE_PREFIX } from './constants.ts';
import { isCaipNetworkId } from './caip.ts';

/** The part of the Web Storage API the widget uses; `localStorage` by default. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const namespaceSchema = v.picklist(['eip155', 'solana', 'polkadot', 'bip122']);
const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(256));

const recentWalletSchema = v.object({
  id: idSchema,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  namespace: namespaceSchema,
  imageUrl: v.optional(v.pipe(v.string(), v.maxLength(200_000))),
  rdns: v.optional(v.pipe(v.string(), v.maxLength(256))),
});

const connectionSchema = v.object({ namespace: namespaceSchema, connectorId: idSchema });

/** Every key the widget stores, with the schema a stored value must pass to be trusted. */
export const storageSchemas = {
  recentWallets: v.pipe(v.array(recentWalletSchema), v.maxLength(RECENT_WALLETS_MAX)),
  /** Connections to restore on reload, most recently used first. */
  connections: v.pipe(v.array(connectionSchema), v.maxLength(8)),
  activeNetwork: v.pipe(v.string(), v.check(isCaipNetworkId, 'not a CAIP-2 id')),
  connectedWallet: v.object({ id: idSchema, name: v.pipe(v.string(), v.maxLength(128)) }),
  /** SPEC §3: the sign-in token, kept so a reload does not ask for a new signature. */
  siwxSession: v.object({
    token: v.pipe(v.string(), v.minLength(16), v.maxLength(512)),
    address: v.pipe(v.string(), v.maxLength(128)),
    chainId: v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.maxLength(64))]),
    expirationTime: v.optional(v.pipe(v.string(), v.maxLength(64))),
  }),
} as const;

export type StorageKey = keyof typeof storageSchemas;
export type StorageValue<K extends StorageKey> = v.InferOutput<(typeof storageSchemas)[K]>;
export type RecentWallet = StorageValue<'recentWallets'>[number];
export type StoredConnection = StorageValue<'connections'>[number];

export interface SafeStorage {
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined;
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void;
  remove(key: StorageKey): void;
  /** Reads every key once, so a bad value is dropped at start even if nothing reads it soon. */
  validateAll(): void;
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
  const keyOf = (key: StorageKey) => `${STORAGE_PREFIX}${key}`;
  return {
    get(key) {
      let raw: string | null;
      try {
        raw = backend.getItem(keyOf(key));
      } catch {
        return undefined;
      }
      if (raw === null) return undefined;
      try {
        const result = v.safeParse(storageSchemas[key], JSON.parse(raw));
        if (result.success) return result.output as StorageValue<typeof key>;
      } catch {
        // not JSON: fall through and drop it
      }
      try {
        backend.removeItem(keyOf(key));
      } catch {
        // storage became unavailable; nothing to clean
      }
      return undefined;
    },
    set(key, value) {
      try {
        backend.setItem(keyOf(key), JSON.stringify(value));
      } catch {
        // quota exceeded or storage blocked: the widget keeps working without persistence
      }
    },
    remove(key) {
      try {
        backend.removeItem(keyOf(key));
      } catch {
        // as above
      }
    },
    validateAll() {
      for (const key of Object.keys(storageSchemas) as StorageKey[]) this.get(key);
    },
  };
}
