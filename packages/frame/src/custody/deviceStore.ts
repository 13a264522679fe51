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

/**
 * A device registered in this browser before it holds a wallet (SPEC §4's device step): its id and
 * non-extractable keys, the exchange key to receive a share from a device that approves it.
 */
export interface DeviceRegistration {
  v: 1;
  deviceId: string;
  shareKey: CryptoKey;
  signingKey: CryptoKey;
  publicKey: string;
  exchangeKey: CryptoKey;
  exchangePublicKey: string;
}

/** Storage of the device record: IndexedDB in the browser; a structured-clone copy in memory where there is none (Node). */
export interface DeviceStore {
  load(): Promise<DeviceRecord | undefined>;
  save(record: DeviceRecord): Promise<void>;
  clear(): Promise<void>;
  loadRegistration(): Promise<DeviceRegistration | undefined>;
  /** Saves the registration, or forgets it (undefined) once the device holds a wallet. */
  saveRegistration(registration: DeviceRegistration | undefined): Promise<void>;
}

export function memoryDeviceStore(): DeviceStore {
  let stored: DeviceRecord | undefined;
  let registered: DeviceRegistration | undefined;
  return {
    loadRegistration: async () => (registered ? structuredClone(registered) : undefined),
    saveRegistration: async (registration) => {
      registered = registration && structuredClone(registration);
    },
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
const REGISTRATION = 'registration';

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
    loadRegistration: async () => (await run('readonly', (store) => store.get(REGISTRATION))) as DeviceRegistration | undefined,
    saveRegistration: async (registration) => {
      if (registration) await run('readwrite', (store) => store.put(registration, REGISTRATION));
      else await run('readwrite', (store) => store.delete(REGISTRATION));
    },
  };
}
