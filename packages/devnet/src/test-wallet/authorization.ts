import type { AuthorizationStorage } from './types.ts';

/**
 * Whether this site may see the account. Kept in storage under
 * `cairn-test-wallet:<rdns>:authorized`, so a reload stays connected as with a real extension.
 */
export function createAuthorization(rdns: string, storage: AuthorizationStorage | undefined = defaultStorage()) {
  const key = `cairn-test-wallet:${rdns}:authorized`;
  let authorized = safely(() => storage?.getItem(key) === 'true') ?? false;
  return {
    get: () => authorized,
    set(value: boolean): void {
      authorized = value;
      safely(() => (value ? storage?.setItem(key, 'true') : storage?.removeItem(key)));
    },
  };
}

function defaultStorage(): AuthorizationStorage | undefined {
  return safely(() => (globalThis as { localStorage?: AuthorizationStorage }).localStorage);
}

// Storage access throws in sandboxed frames and opaque origins; the wallet then forgets on reload.
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
