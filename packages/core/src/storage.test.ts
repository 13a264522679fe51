import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSafeStorage,
  defaultStorage,
  memoryStorage,
  type StorageKey,
  type StorageLike,
  type StorageValue,
} from './storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const examples: { [K in StorageKey]: StorageValue<K> } = {
  recentWallets: [
    { id: 'io.rabby', name: 'Rabby', namespace: 'eip155', imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: 'io.rabby' },
    { id: 'io.metamask', name: 'MetaMask', namespace: 'eip155' },
  ],
  connections: [
    { namespace: 'solana', connectorId: 'app.phantom' },
    { namespace: 'eip155', connectorId: 'io.metamask' },
  ],
  activeNetwork: 'eip155:10',
  connectedWallet: { id: 'io.metamask', name: 'MetaMask' },
  siwxSession: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1, expirationTime: '2026-12-01T00:00:00.000Z' },
  connectedSocial: 'google',
  preferredAccountTypes: { eip155: 'eoa', solana: 'eoa' },
};
const keys = Object.keys(examples) as StorageKey[];

function setup() {
  const backend = memoryStorage();
  return { backend, storage: createSafeStorage(backend) };
}

describe('SafeStorage', () => {
  it.each(keys)('round-trips %s', (key) => {
    const { storage } = setup();
    storage.set(key, examples[key]);
    expect(storage.get(key)).toEqual(examples[key]);
  });

  it('writes every key under the @cairn/ prefix as JSON', () => {
    const { backend, storage } = setup();
    storage.set('activeNetwork', 'eip155:1');
    expect(backend.getItem('@cairn/activeNetwork')).toBe('"eip155:1"');
    expect(backend.getItem('activeNetwork')).toBeNull();
  });

  it('reads nothing for a key that was never written', () => {
    const { storage } = setup();
    for (const key of keys) expect(storage.get(key)).toBeUndefined();
  });

  it('validateAll drops every bad value at once and keeps the good ones and foreign keys', () => {
    const { backend, storage } = setup();
    storage.set('recentWallets', examples.recentWallets);
    backend.setItem('@cairn/connectedWallet', 'x'.repeat(1000));
    backend.setItem('@cairn/activeNetwork', '"not a chain"');
    backend.setItem('someone-else', 'untouched');
    storage.validateAll();
    expect(backend.getItem('@cairn/connectedWallet')).toBeNull();
    expect(backend.getItem('@cairn/activeNetwork')).toBeNull();
    expect(storage.get('recentWallets')).toEqual(examples.recentWallets);
    expect(backend.getItem('someone-else')).toBe('untouched');
  });

  it('remove deletes the prefixed entry', () => {
    const { backend, storage } = setup();
    storage.set('connectedWallet', examples.connectedWallet);
    storage.remove('connectedWallet');
    expect(backend.getItem('@cairn/connectedWallet')).toBeNull();
    expect(storage.get('connectedWallet')).toBeUndefined();
  });

  it('keeps only the fields it knows, so nothing extra stored by someone else is trusted', () => {
    const { backend, storage } = setup();
    backend.setItem('@cairn/connectedWallet', JSON.stringify({ id: 'io.metamask', name: 'MetaMask', admin: true }));
    backend.setItem('@cairn/connections', JSON.stringify([{ namespace: 'eip155', connectorId: 'io.metamask', extra: 'x' }]));
    expect(storage.get('connectedWallet')).toEqual({ id: 'io.metamask', name: 'MetaMask' });
    expect(storage.get('connections')).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }]);
  });

  it('never reads back a sign-in token an earlier version stored', () => {
    const { backend, storage } = setup();
    backend.setItem('@cairn/siwxSession', JSON.stringify({ ...examples.siwxSession, token: 'c2Vzc2lvbi10b2tlbi0xMjM0NTY3OA' }));
    expect(storage.get('siwxSession')).toEqual(examples.siwxSession);
  });

  it('does not touch entries outside its prefix', () => {
    const { backend, storage } = setup();
    backend.setItem('activeNetwork', 'not ours');
    storage.set('activeNetwork', 'eip155:1');
    storage.remove('activeNetwork');
    expect(backend.getItem('activeNetwork')).toBe('not ours');
  });

  const foreign: [string, StorageKey, string][] = [
    ['a value that is not JSON', 'recentWallets', '[{"id":'],
    ['JSON null', 'connectedWallet', 'null'],
    ['recentWallets with 3 items (more than the 2 kept)', 'recentWallets', JSON.stringify([
      { id: 'a', name: 'A', namespace: 'eip155' },
      { id: 'b', name: 'B', namespace: 'eip155' },
      { id: 'c', name: 'C', namespace: 'eip155' },
    ])],
    ['a recent wallet of an unknown namespace', 'recentWallets', JSON.stringify([{ id: 'a', name: 'A', namespace: 'cosmos' }])],
    ['a recent wallet without a name', 'recentWallets', JSON.stringify([{ id: 'a', namespace: 'eip155' }])],
    ['an activeNetwork that is not CAIP-2', 'activeNetwork', JSON.stringify('mainnet')],
    ['an activeNetwork that is a number', 'activeNetwork', '1'],
    ['a 1 MB activeNetwork', 'activeNetwork', JSON.stringify(`eip155:${'1'.repeat(1_000_000)}`)],
    ['a 1 MB wallet name', 'connectedWallet', JSON.stringify({ id: 'x', name: 'x'.repeat(1_000_000) })],
    ['a 1 MB recent wallet image', 'recentWallets', JSON.stringify([
      { id: 'a', name: 'A', namespace: 'eip155', imageUrl: 'x'.repeat(1_000_000) },
    ])],
    ['a connection with an empty connector id', 'connections', JSON.stringify([{ namespace: 'eip155', connectorId: '' }])],
    ['connections that are an object, not a list', 'connections', JSON.stringify({ namespace: 'eip155', connectorId: 'x' })],
    ['9 connections (more than the 8 kept)', 'connections', JSON.stringify(Array.from({ length: 9 }, (_, i) => ({ namespace: 'eip155', connectorId: `w${i}` })))],
    ['a connection that is a list', 'connections', JSON.stringify([['eip155', 'io.metamask']])],
    ['a sign-in session with a fractional chain id', 'siwxSession', JSON.stringify({ ...examples.siwxSession, chainId: 1.5 })],
    ['a sign-in session whose address is not text', 'siwxSession', JSON.stringify({ ...examples.siwxSession, address: 42 })],
    ['a sign-in session with a numeric expiration', 'siwxSession', JSON.stringify({ ...examples.siwxSession, expirationTime: 1 })],
    ['a recent wallet whose rdns is not text', 'recentWallets', JSON.stringify([{ id: 'a', name: 'A', namespace: 'eip155', rdns: 7 }])],
  ];

  it.each(foreign)('reads %s as absent and removes it', (_label, key, raw) => {
    const { backend, storage } = setup();
    backend.setItem(`@cairn/${key}`, raw);
    expect(storage.get(key)).toBeUndefined();
    expect(backend.getItem(`@cairn/${key}`)).toBeNull();
  });

  it('never throws when every call to the backend throws (sandboxed frame)', () => {
    const blocked: StorageLike = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const storage = createSafeStorage(blocked);
    for (const key of keys) {
      expect(() => storage.set(key, examples[key])).not.toThrow();
      expect(storage.get(key)).toBeUndefined();
      expect(() => storage.remove(key)).not.toThrow();
    }
  });

  it('still reads a corrupted value as absent when removing it throws', () => {
    const storage = createSafeStorage({
      getItem: () => 'not json',
      setItem: () => {},
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(storage.get('activeNetwork')).toBeUndefined();
  });

  it('keeps working when a write exceeds the quota', () => {
    const backend = memoryStorage();
    const storage = createSafeStorage({
      ...backend,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    });
    expect(() => storage.set('activeNetwork', 'eip155:1')).not.toThrow();
    expect(storage.get('activeNetwork')).toBeUndefined();
  });
});

describe('defaultStorage', () => {
  it('uses localStorage when the page may use it', () => {
    const local = memoryStorage();
    vi.stubGlobal('localStorage', local);
    expect(defaultStorage()).toBe(local);
  });

  it('falls back to memory when touching localStorage throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    });
    const storage = defaultStorage();
    expect(storage).not.toBe(globalThis.localStorage);
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });

  it('falls back to memory when there is no localStorage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    const safe = createSafeStorage(defaultStorage());
    safe.set('activeNetwork', 'eip155:1');
    expect(safe.get('activeNetwork')).toBe('eip155:1');
  });
});
