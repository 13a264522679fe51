import { STORAGE_PREFIX } from '../constants.ts';

// The bearer token of a cross-site sign-in (`siwx.crossSite`): in this tab's sessionStorage, which
// ends with the tab and is not shared with other tabs, never in localStorage.
const KEY = `${STORAGE_PREFIX}siwxToken`;
const TOKEN = /^[A-Za-z0-9_-]{16,512}$/;

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked (sandboxed frame, privacy settings)
  }
}

export function readSessionToken(): string | undefined {
  try {
    const value = tabStorage()?.getItem(KEY);
    return typeof value === 'string' && TOKEN.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionToken(token: string): void {
  try {
    if (TOKEN.test(token)) tabStorage()?.setItem(KEY, token);
  } catch {
    // Full or blocked: the session then lasts as long as the page.
  }
}

export function clearSessionToken(): void {
  try {
    tabStorage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
