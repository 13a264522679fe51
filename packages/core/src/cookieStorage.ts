import { STORAGE_PREFIX } from './constants.ts';
import { defaultStorage, type StorageLike } from './storage.ts';
import { storedValueParsers, type StorageKey, type StorageValue } from './storageValues.ts';

/** What goes in cookies: small, and what a server needs to render a returning visitor. */
export const COOKIE_KEYS: readonly StorageKey[] = ['connections', 'activeNetwork', 'connectedWallet'];
const COOKIE_NAMES = new Set(COOKIE_KEYS.map((key) => `${STORAGE_PREFIX}${key}`));
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    try {
      if (decodeURIComponent(part.slice(0, separator).trim()) === name) return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      // a cookie that is not ours, badly encoded
    }
  }
  return null;
}

/**
 * Storage for server-rendered sites (Next.js and the like), as wagmi's cookieStorage: the
 * connection, the network and the wallet go in first-party cookies the server can read
 * (`cookieToInitialState`), everything else in localStorage as usual. No cookie holds a secret.
 */
export function cookieStorage(rest: StorageLike = defaultStorage()): StorageLike {
  const hasDocument = () => typeof document !== 'undefined';
  return {
    getItem(key) {
      if (!COOKIE_NAMES.has(key)) return rest.getItem(key);
      return hasDocument() ? readCookie(document.cookie, key) : null;
    },
    setItem(key, value) {
      if (!COOKIE_NAMES.has(key)) return rest.setItem(key, value);
      if (hasDocument()) document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
    },
    removeItem(key) {
      if (!COOKIE_NAMES.has(key)) return rest.removeItem(key);
      if (hasDocument()) document.cookie = `${encodeURIComponent(key)}=; path=/; max-age=0; samesite=lax`;
    },
  };
}

/** What a server knows of a returning visitor, from the request's Cookie header. */
export type CairnInitialState = { [K in (typeof COOKIE_KEYS)[number]]?: StorageValue<K> };

/**
 * The `initialState` for createCairn on the server, from the request's Cookie header: each value
 * validated like every stored one (a bad cookie is left out). Pass the same on the client, so the
 * first render there shows what the server rendered.
 */
export function cookieToInitialState(cookieHeader: string | null | undefined): CairnInitialState | undefined {
  if (typeof cookieHeader !== 'string' || cookieHeader.length === 0) return undefined;
  const state: Record<string, unknown> = {};
  for (const key of COOKIE_KEYS) {
    const raw = readCookie(cookieHeader, `${STORAGE_PREFIX}${key}`);
    if (raw === null) continue;
    try {
      const value = storedValueParsers[key](JSON.parse(raw));
      if (value !== undefined) state[key] = value;
    } catch {
      // not JSON: left out
    }
  }
  return Object.keys(state).length > 0 ? (state as CairnInitialState) : undefined;
}
