import type { SealedDeviceShare } from './deviceShare.ts';

/** What one device keeps in the frame origin. The CryptoKeys are stored as objects, still non-extractable. */
export interface DeviceRecord {
  v: 1;
  deviceId: string;
  address: `0x${string}`;
  shareKey: CryptoKey;
  signingKey: CryptoKey;
  publicKey: string;
  sealedShare: SealedDeviceShare;
}

/** Storage of the device record: IndexedDB in the browser; a structured-clone copy in memory where there is none (Node). */
export interface DeviceStore {
  load(): Promise<DeviceRecord | undefined>;
  save(record: DeviceRecord): Promise<void>;
  clear(): Promise<void>;
}

export function memoryDeviceStore(): DeviceStore {
  let stored: DeviceRecord | undefined;
  return {
    load: async () => (stored ? structuredClone(stored) : undefined),
    save: async (record) => {
      stored = structuredClone(record);
    },
    clear: async () => {
      stored = undefined;
    },
  };
}

const STORE = 'device';
const KEY = 'current';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** IndexedDB of the frame's origin: CryptoKeys survive structured cloning there without ever becoming readable. */
export function indexedDbDeviceStore(factory: IDBFactory = indexedDB, name = 'cairn-frame'): DeviceStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await database();
    return promised(action(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    load: async () => (await run('readonly', (store) => store.get(KEY))) as DeviceRecord | undefined,
    save: async (record) => {
      await run('readwrite', (store) => store.put(record, KEY));
    },
    clear: async () => {
      await run('readwrite', (store) => store.delete(KEY));
    },
  };
}
