import { describe, expect, it } from 'vitest';
import { localLoginTokenStore } from './loginTokenStore.ts';

/** The Storage interface over a Map (Node has no localStorage). */
function mapStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe("the frame's login token storage", () => {
  it('keeps a token, forgets it, and drops a corrupted value', () => {
    const storage = mapStorage();
    const tokens = localLoginTokenStore(storage);
    expect(tokens.get()).toBeUndefined();
    tokens.set('A'.repeat(43));
    expect(tokens.get()).toBe('A'.repeat(43));
    tokens.set(undefined);
    expect(tokens.get()).toBeUndefined();
    storage.setItem('@cairn-frame/login', '<script>alert(1)</script>');
    expect(tokens.get()).toBeUndefined();
    expect(storage.length).toBe(0);
  });
});
